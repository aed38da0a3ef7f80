import { describe, expect, it } from 'vitest';
import {
  allocateOvertime,
  clockTime,
  endsNextDay,
  parseDollars,
  payWeekDays,
  payWeekStart,
  shiftEndMinute,
  shiftTimes,
  skippedTime,
  splitOvertime,
  timeEntryInputSchema,
  workedMinutes,
} from './time-entries.ts';

describe('the pay week', () => {
  it('runs from Sunday to Saturday', () => {
    expect(payWeekStart('2026-11-22')).toBe('2026-11-22'); // a Sunday
    expect(payWeekStart('2026-11-28')).toBe('2026-11-22'); // the Saturday after
    expect(payWeekStart('2026-03-08')).toBe('2026-03-08'); // the day clocks change: still a calendar day
    expect(payWeekStart('2027-01-01')).toBe('2026-12-27'); // across a year
    expect(payWeekDays('2026-11-22')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });
});

describe('regular and overtime hours', () => {
  const h = (hours: number) => hours * 60;
  it('counts the hours over 8 in a day as overtime', () => {
    expect(splitOvertime([{ date: '2026-11-23', minutes: h(10) }])).toEqual([
      { date: '2026-11-23', minutes: h(10), regular: h(8), overtime: h(2) },
    ]);
  });

  it('counts the regular hours over 40 in a week as overtime, from the last days', () => {
    const week = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map(
      (date) => ({
        date,
        minutes: h(8),
      }),
    );
    const split = splitOvertime(week);
    expect(split.map((day) => day.overtime)).toEqual([0, 0, 0, 0, 0, h(8)]);
    expect(split.reduce((sum, day) => sum + day.regular, 0)).toBe(h(40));
  });

  it('never counts an hour twice: daily overtime is not counted again for the week', () => {
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date) => ({
      date,
      minutes: h(9),
    }));
    const split = splitOvertime(week);
    expect(split.reduce((sum, day) => sum + day.regular + day.overtime, 0)).toBe(h(45));
    expect(split.reduce((sum, day) => sum + day.overtime, 0)).toBe(h(5));
  });

  it('follows another company rule', () => {
    expect(
      splitOvertime([{ date: '2026-11-23', minutes: h(12) }], { dailyMinutes: h(10), weeklyMinutes: h(50) }),
    ).toEqual([{ date: '2026-11-23', minutes: h(12), regular: h(10), overtime: h(2) }]);
  });
});

describe('overtime across the sites of a worker’s week', () => {
  const h = (hours: number) => hours * 60;
  /** Each entry's regular and overtime minutes. */
  const allocate = (
    entries: readonly { workDate: string; startMinute: number; minutes: number; siteId?: string }[],
  ) =>
    allocateOvertime(entries).map((regular, index) => ({
      regular,
      overtime: (entries[index]?.minutes ?? 0) - regular,
    }));
  it('gives a day’s overtime to its last hours: 6 h on one site then 4 h on another', () => {
    expect(
      allocate([
        { workDate: '2026-11-23', startMinute: h(13), minutes: h(4), siteId: 'B' },
        { workDate: '2026-11-23', startMinute: h(6), minutes: h(6), siteId: 'A' },
      ]),
    ).toEqual([
      { regular: h(2), overtime: h(2) },
      { regular: h(6), overtime: 0 },
    ]);
  });

  it('counts the week over 40 regular hours whatever site: 25 h here and 25 h there', () => {
    // A: Sunday to Tuesday and an hour on Wednesday; B: the rest of Wednesday to Saturday.
    const entries = [
      { workDate: '2026-11-22', startMinute: h(7), minutes: h(8), siteId: 'A' },
      { workDate: '2026-11-23', startMinute: h(7), minutes: h(8), siteId: 'A' },
      { workDate: '2026-11-24', startMinute: h(7), minutes: h(8), siteId: 'A' },
      { workDate: '2026-11-25', startMinute: h(7), minutes: h(1), siteId: 'A' },
      { workDate: '2026-11-25', startMinute: h(9), minutes: h(7), siteId: 'B' },
      { workDate: '2026-11-26', startMinute: h(7), minutes: h(8), siteId: 'B' },
      { workDate: '2026-11-27', startMinute: h(7), minutes: h(8), siteId: 'B' },
      { workDate: '2026-11-28', startMinute: h(7), minutes: h(2), siteId: 'B' },
    ];
    const split = allocate(entries);
    const sum = (key: 'A' | 'B', part: 'regular' | 'overtime') =>
      split.reduce((total, one, index) => total + (entries[index]?.siteId === key ? one[part] : 0), 0);
    expect([sum('A', 'regular'), sum('A', 'overtime')]).toEqual([h(25), 0]);
    expect([sum('B', 'regular'), sum('B', 'overtime')]).toEqual([h(15), h(10)]);
    // The week's last days carry it, as the worker's whole week counts it.
    expect(split.slice(6)).toEqual([
      { regular: 0, overtime: h(8) },
      { regular: 0, overtime: h(2) },
    ]);
  });

  it('gives each long day’s last hours to the site worked last', () => {
    // Monday to Friday, 5 h a morning on A, 5 h an afternoon on B: 2 h overtime a day, on B.
    const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    const entries = days.flatMap((date) => [
      { workDate: date, startMinute: h(13), minutes: h(5), siteId: 'B' },
      { workDate: date, startMinute: h(7), minutes: h(5), siteId: 'A' },
    ]);
    const split = allocate(entries);
    expect(split.filter((_, index) => index % 2 === 0)).toEqual(
      days.map(() => ({ regular: h(3), overtime: h(2) })),
    );
    expect(split.filter((_, index) => index % 2 === 1)).toEqual(
      days.map(() => ({ regular: h(5), overtime: 0 })),
    );
  });

  it('adds up to the worker’s week, day by day, and breaks ties in a stable order', () => {
    const entries = [
      { workDate: '2026-11-22', startMinute: 0, minutes: h(9), siteId: 'A' },
      { workDate: '2026-11-24', startMinute: h(7), minutes: h(7), siteId: 'B' },
      { workDate: '2026-11-24', startMinute: h(7), minutes: h(3), siteId: 'A' },
      { workDate: '2026-11-25', startMinute: h(20), minutes: h(10), siteId: 'C' },
      { workDate: '2026-11-26', startMinute: h(7), minutes: h(12), siteId: 'A' },
      { workDate: '2026-11-27', startMinute: h(7), minutes: h(8), siteId: 'B' },
    ];
    const split = allocate(entries);
    const week = splitOvertime([
      { date: '2026-11-22', minutes: h(9) },
      { date: '2026-11-24', minutes: h(10) },
      { date: '2026-11-25', minutes: h(10) },
      { date: '2026-11-26', minutes: h(12) },
      { date: '2026-11-27', minutes: h(8) },
    ]);
    for (const day of week) {
      const own = split.filter((_, index) => entries[index]?.workDate === day.date);
      expect(own.reduce((t, one) => t + one.regular, 0)).toBe(day.regular);
      expect(own.reduce((t, one) => t + one.overtime, 0)).toBe(day.overtime);
    }
    // Tuesday: both start at 7:00; A sorts first, so B carries the day's overtime.
    expect(split[2]).toEqual({ regular: h(3), overtime: 0 });
    expect(split[1]).toEqual({ regular: h(5), overtime: h(2) });
    expect(allocate([])).toEqual([]);
  });

  it('is splitOvertime’s split of the worker’s week, day by day, for any week', () => {
    // A fixed pseudo-random sequence: 500 weeks of up to 9 entries on 3 sites.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const days = [
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ];
    for (let week = 0; week < 500; week++) {
      const entries = Array.from({ length: next(10) }, () => ({
        workDate: days[next(7)] as string,
        startMinute: next(96) * 15,
        minutes: next(49) * 15,
        siteId: ['A', 'B', 'C'][next(3)] as string,
      }));
      const split = allocate(entries);
      const byDay = new Map<string, number>();
      for (const entry of entries)
        byDay.set(entry.workDate, (byDay.get(entry.workDate) ?? 0) + entry.minutes);
      for (const day of splitOvertime([...byDay].map(([date, minutes]) => ({ date, minutes })))) {
        const own = split.filter((_, index) => entries[index]?.workDate === day.date);
        expect(own.reduce((total, one) => total + one.regular, 0)).toBe(day.regular);
        expect(own.reduce((total, one) => total + one.overtime, 0)).toBe(day.overtime);
      }
      for (const one of split) expect(one.regular >= 0 && one.overtime >= 0).toBe(true);
    }
  });
});

describe('the entry as written', () => {
  it('reads dollars with a comma or a point, at most two decimals', () => {
    expect(parseDollars('12,50')).toBe(1250);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars(7)).toBe(700);
    expect(parseDollars('12,505')).toBeNull();
    expect(parseDollars('-3')).toBeNull();
  });

  it('takes the worker’s day with its times and an unpaid break', () => {
    const parsed = timeEntryInputSchema.parse({
      siteId: '0b4c3a64-7f7a-4a7e-9c7b-1c2d3e4f5a6b',
      workDate: '23/11/2026',
      startTime: '07:00',
      endTime: '15:30',
      breakMinutes: 30,
      parking: '12,50',
    });
    expect(parsed).toMatchObject({ workDate: '2026-11-23', parking: 12.5, breakMinutes: 30 });
    // What a form parsed is parsed again the same by the server.
    expect(timeEntryInputSchema.parse(parsed).parking).toBe(12.5);
  });
});

describe('night shifts and the clock changes', () => {
  const entry = (startTime: string, endTime: string, extra: object = {}) =>
    timeEntryInputSchema.safeParse({
      siteId: '0b4c3a64-7f7a-4a7e-9c7b-1c2d3e4f5a6b',
      workDate: '2026-11-23',
      startTime,
      endTime,
      ...extra,
    });
  const problems = (result: ReturnType<typeof entry>) =>
    result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);

  it('ends a shift on the next day when its end is before its start, or 00:00', () => {
    expect(shiftEndMinute('22:00', '06:00')).toBe(30 * 60);
    expect(shiftEndMinute('16:00', '00:00')).toBe(24 * 60);
    expect(shiftEndMinute('16:00', '24:00')).toBe(24 * 60);
    expect(shiftEndMinute('07:00', '15:30')).toBe(15.5 * 60);
    expect(endsNextDay(24 * 60)).toBe(true);
    expect(endsNextDay(15.5 * 60)).toBe(false);
    expect(clockTime(30 * 60)).toBe('06:00');
    expect(shiftTimes({ startTime: '22:00', endTime: '06:00', endsNextDay: true })).toBe('22:00–06:00 (+1)');
    expect(shiftTimes({ startTime: '07:00', endTime: '15:30', endsNextDay: false })).toBe('07:00–15:30');
    expect(problems(entry('22:00', '06:00'))).toEqual([]);
    expect(problems(entry('16:00', '00:00'))).toEqual([]);
  });

  it('refuses the same time twice, a start at 24:00, a break as long as the hours across midnight', () => {
    expect(problems(entry('22:00', '22:00'))).toEqual(['endTime:same_time']);
    expect(problems(entry('24:00', '06:00'))).toEqual(['startTime:invalid_time']);
    expect(problems(entry('23:00', '01:00', { breakMinutes: 120 }))).toEqual(['breakMinutes:break_too_long']);
  });

  it('counts the real time: 9 h the night the clocks go back, 7 h the night they go forward', () => {
    const night = (workDate: string) =>
      workedMinutes({ workDate, startMinute: 22 * 60, endMinute: 30 * 60, breakMinutes: 0 });
    expect(night('2026-10-31')).toBe(9 * 60);
    expect(night('2026-03-07')).toBe(7 * 60);
    expect(night('2025-11-01')).toBe(9 * 60);
    expect(night('2025-03-08')).toBe(7 * 60);
    expect(night('2026-11-01')).toBe(8 * 60);
    expect(night('2026-07-15')).toBe(8 * 60);
    // The Sunday itself, from midnight past 02:00.
    expect(
      workedMinutes({ workDate: '2026-11-01', startMinute: 0, endMinute: 8 * 60, breakMinutes: 30 }),
    ).toBe(8.5 * 60);
    // The break is measured against those 7 h.
    expect(problems(entry('22:00', '06:00', { workDate: '2026-03-07', breakMinutes: 420 }))).toEqual([
      'breakMinutes:break_too_long',
    ]);
  });

  it('refuses a time the clocks skip (02:00–02:45 the night they go forward), not the hour they repeat', () => {
    expect(skippedTime('2026-03-08', 2 * 60 + 30)).toBe(true);
    expect(skippedTime('2026-03-07', 26 * 60)).toBe(true);
    expect(skippedTime('2026-03-08', 3 * 60)).toBe(false);
    expect(skippedTime('2026-11-01', 60 + 30)).toBe(false);
    expect(problems(entry('22:00', '02:30', { workDate: '2026-03-07' }))).toEqual(['endTime:time_skipped']);
    expect(problems(entry('01:00', '07:00', { workDate: '2026-11-01' }))).toEqual([]);
  });
});
