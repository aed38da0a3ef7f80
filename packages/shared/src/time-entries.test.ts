import { describe, expect, it } from 'vitest';
import {
  parseDollars,
  payWeekDays,
  payWeekStart,
  splitOvertime,
  timeEntryInputSchema,
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
