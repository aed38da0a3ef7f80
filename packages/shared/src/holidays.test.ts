import { describe, expect, it } from 'vitest';
import {
  companyVacations,
  constructionHolidays,
  easterSunday,
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
