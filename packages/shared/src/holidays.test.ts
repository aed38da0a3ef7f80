import { describe, expect, it } from 'vitest';
import {
  companyVacations,
  constructionHolidays,
  easterSunday,
  effectiveHolidays,
  type HolidayOverride,
  nonWorkingDays,
  quebecHolidays,
  summerVacation,
  winterVacation,
} from './holidays.ts';

const byKey = (holidays: { key: string; date: string }[]) =>
  Object.fromEntries(holidays.map((holiday) => [holiday.key, holiday.date]));

describe('Easter', () => {
  it.each([
    [2016, '2016-03-27'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i: %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});

describe('construction vacations (CCQ), as published', () => {
  it.each([
    [2016, '2016-07-24', '2016-08-06'],
    [2022, '2022-07-24', '2022-08-06'],
    [2023, '2023-07-23', '2023-08-05'],
    [2025, '2025-07-20', '2025-08-02'],
  ])('summer %i: %s to %s', (year, start, end) => {
    expect(summerVacation(year)).toEqual({ start, end });
  });

  it.each([
    [2015, '2015-12-20', '2016-01-02'],
    [2016, '2016-12-25', '2017-01-07'],
    [2025, '2025-12-21', '2026-01-03'],
  ])('winter %i: %s to %s', (year, start, end) => {
    expect(winterVacation(year)).toEqual({ start, end });
  });

  it('give the spec’s company vacations for 2024: the periods with the following Sunday', () => {
    expect(companyVacations(2024)).toEqual([
      { start: '2024-07-21', end: '2024-08-04' },
      { start: '2024-12-22', end: '2025-01-05' },
    ]);
  });

  it('always start on a Sunday and end on the second Saturday, for any year', () => {
    for (let year = 2000; year <= 2100; year++) {
      for (const period of [summerVacation(year), winterVacation(year)]) {
        expect(new Date(`${period.start}T00:00:00Z`).getUTCDay()).toBe(0);
        expect(new Date(`${period.end}T00:00:00Z`).getUTCDay()).toBe(6);
      }
    }
  });
});

describe('holidays', () => {
  it('of the construction industry in 2025, as published', () => {
    expect(byKey(constructionHolidays(2025))).toEqual({
      newYear: '2025-01-01',
      goodFriday: '2025-04-18',
      easterMonday: '2025-04-21',
      patriots: '2025-05-19',
      fetenationale: '2025-06-24',
      canadaDay: '2025-06-30',
      labourDay: '2025-09-01',
      thanksgiving: '2025-10-13',
      remembranceDay: '2025-11-10',
      christmas: '2025-12-25',
    });
  });

  it('of Québec in 2024 (the spec’s year)', () => {
    expect(byKey(quebecHolidays(2024))).toEqual({
      newYear: '2024-01-01',
      goodFriday: '2024-03-29',
      patriots: '2024-05-20',
      fetenationale: '2024-06-24',
      canadaDay: '2024-07-01',
      labourDay: '2024-09-02',
      thanksgiving: '2024-10-14',
      christmas: '2024-12-25',
    });
  });

  it('Patriots’ Day is the Monday before 25 May, a week earlier when the 25th is a Monday', () => {
    // 25 May 2026 is a Monday.
    expect(byKey(quebecHolidays(2026)).patriots).toBe('2026-05-18');
    expect(byKey(quebecHolidays(2027)).patriots).toBe('2027-05-24');
  });

  it('the Fête nationale and Canada Day on a Sunday are observed on the Monday', () => {
    // 24 June 2029 and 1 July 2029 are Sundays.
    expect(byKey(quebecHolidays(2029)).fetenationale).toBe('2029-06-25');
    expect(byKey(quebecHolidays(2029)).canadaDay).toBe('2029-07-02');
  });
});

describe('the calendars with the office overrides', () => {
  const moveCanadaDay: HolidayOverride = {
    id: 'o1',
    calendar: 'construction',
    year: 2026,
    kind: 'move',
    holidayKey: 'canadaDay',
    date: '2026-06-29',
    nameFr: null,
    nameEn: null,
  };
  it('moves a holiday, removes one and adds a company day, on one calendar and one year only', () => {
    const overrides: HolidayOverride[] = [
      moveCanadaDay,
      { ...moveCanadaDay, id: 'o2', kind: 'remove', holidayKey: 'remembranceDay', date: null },
      {
        ...moveCanadaDay,
        id: 'o3',
        kind: 'add',
        holidayKey: null,
        date: '2026-12-24',
        nameFr: 'Veille de Noël',
        nameEn: 'Christmas Eve',
      },
    ];
    const days = effectiveHolidays('construction', 2026, overrides);
    const canada = days.find((d) => d.key === 'canadaDay');
    expect(canada).toMatchObject({
      date: '2026-06-29',
      source: 'moved',
      computedDate: '2026-07-01',
      overrideId: 'o1',
    });
    expect(days.some((d) => d.key === 'remembranceDay')).toBe(false);
    expect(days.find((d) => d.source === 'added')).toMatchObject({
      date: '2026-12-24',
      nameFr: 'Veille de Noël',
    });
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    // Québec's calendar and another year are left alone.
    expect(effectiveHolidays('quebec', 2026, overrides).find((d) => d.key === 'canadaDay')?.date).toBe(
      '2026-07-01',
    );
    expect(effectiveHolidays('construction', 2027, overrides).some((d) => d.key === 'remembranceDay')).toBe(
      true,
    );
  });

  it('knows the days nobody works, a winter vacation begun in December included', () => {
    const days = nonWorkingDays('2025-01-01', '2025-01-10', []);
    // Winter 2024–25 (company): 2024-12-22 to 2025-01-05; New Year's Day is in it.
    expect([...days.keys()].sort()).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
    const july = nonWorkingDays('2024-06-28', '2024-07-02', []);
    expect(july.get('2024-07-01')?.nameFr).toBe('Fête du Canada');
    expect(nonWorkingDays('2024-08-04', '2024-08-05', []).has('2024-08-04')).toBe(true);
    expect(nonWorkingDays('2024-08-04', '2024-08-05', []).has('2024-08-05')).toBe(false);
    expect(nonWorkingDays('2026-06-29', '2026-06-29', [moveCanadaDay]).get('2026-06-29')?.nameEn).toBe(
      'Canada Day',
    );
  });
});
