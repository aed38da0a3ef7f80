/**
 * The days nobody works, computed for any year (the spec lists only 2024's): Québec's general
 * holidays, the construction industry's (CCQ collective agreements) and its two obligatory
 * vacations. Pure functions on calendar dates ('YYYY-MM-DD'): a day here is a day in Montréal,
 * never an instant, so no time zone can move it.
 */

/** A calendar date as the API and the database carry it. */
export type CalendarDate = string;

export type HolidayKey =
  | 'newYear'
  | 'goodFriday'
  | 'easterMonday'
  | 'patriots'
  | 'fetenationale'
  | 'canadaDay'
  | 'labourDay'
  | 'thanksgiving'
  | 'remembranceDay'
  | 'christmas';

export interface Holiday {
  date: CalendarDate;
  key: HolidayKey;
}

export interface Period {
  start: CalendarDate;
  /** The last day, included. */
  end: CalendarDate;
}

// Date arithmetic on UTC midnights: a calendar date has no time zone, and UTC has no daylight
// saving time to add or lose an hour between two of them.
const day = 86_400_000;
const utc = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date);
const toDate = (ms: number): CalendarDate => new Date(ms).toISOString().slice(0, 10);
const weekday = (ms: number) => new Date(ms).getUTCDay();
const addDays = (ms: number, days: number) => ms + days * day;

export function shiftDate(date: CalendarDate, days: number): CalendarDate {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return toDate(addDays(utc(year, month, dayOfMonth), days));
}

/** Easter Sunday (Gregorian): the anonymous algorithm of Meeus, Jones and Butcher. */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return toDate(utc(year, month, date));
}

/** The nth given weekday (0 Sunday … 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekdayWanted: number, n: number): number {
  const first = utc(year, month, 1);
  return addDays(first, ((weekdayWanted - weekday(first) + 7) % 7) + (n - 1) * 7);
}

/** The last `weekdayWanted` strictly before the date. */
function weekdayBefore(ms: number, weekdayWanted: number): number {
  return addDays(ms, -((weekday(ms) - weekdayWanted + 7) % 7 || 7));
}

function easterBased(year: number) {
  const [y, m, d] = easterSunday(year).split('-').map(Number) as [number, number, number];
  const easter = utc(y, m, d);
  return { goodFriday: toDate(addDays(easter, -2)), easterMonday: toDate(addDays(easter, 1)) };
}

/**
 * Québec's general holidays (Act respecting labour standards). Good Friday stands for "Good Friday
 * or Easter Monday, at the employer's choice". The Fête nationale and Canada Day on a Sunday are
 * observed the next day, as their own laws say.
 */
export function quebecHolidays(year: number): Holiday[] {
  const { goodFriday } = easterBased(year);
  const sundayToMonday = (ms: number) => (weekday(ms) === 0 ? addDays(ms, 1) : ms);
  return [
    { key: 'newYear', date: toDate(utc(year, 1, 1)) },
    { key: 'goodFriday', date: goodFriday },
    // The Monday before 25 May (18 May when the 25th is a Monday).
    { key: 'patriots', date: toDate(weekdayBefore(utc(year, 5, 25), 1)) },
    { key: 'fetenationale', date: toDate(sundayToMonday(utc(year, 6, 24))) },
    { key: 'canadaDay', date: toDate(sundayToMonday(utc(year, 7, 1))) },
    { key: 'labourDay', date: toDate(nthWeekday(year, 9, 1, 1)) },
    { key: 'thanksgiving', date: toDate(nthWeekday(year, 10, 1, 2)) },
    { key: 'christmas', date: toDate(utc(year, 12, 25)) },
  ];
}

/**
 * The day the construction agreements observe a federal holiday on: one that falls on a Tuesday
 * is taken on the Monday before, on a Thursday on the Friday after (a long weekend, not a day
 * off in mid-week), on a Saturday the Friday before, on a Sunday the Monday after.
 */
function bridged(ms: number): number {
  const shift: Record<number, number> = { 2: -1, 4: 1, 6: -1, 0: 1 };
  return addDays(ms, shift[weekday(ms)] ?? 0);
}

/**
 * The construction industry's holidays (CCQ collective agreements): Québec's, with both Good Friday
 * and Easter Monday, and Remembrance Day; Canada Day and Remembrance Day moved to make a long
 * weekend (see `bridged`).
 */
export function constructionHolidays(year: number): Holiday[] {
  const { goodFriday, easterMonday } = easterBased(year);
  const quebec = Object.fromEntries(quebecHolidays(year).map((holiday) => [holiday.key, holiday.date]));
  return [
    { key: 'newYear', date: quebec.newYear as CalendarDate },
    { key: 'goodFriday', date: goodFriday },
    { key: 'easterMonday', date: easterMonday },
    { key: 'patriots', date: quebec.patriots as CalendarDate },
    { key: 'fetenationale', date: quebec.fetenationale as CalendarDate },
    { key: 'canadaDay', date: toDate(bridged(utc(year, 7, 1))) },
    { key: 'labourDay', date: quebec.labourDay as CalendarDate },
    { key: 'thanksgiving', date: quebec.thanksgiving as CalendarDate },
    { key: 'remembranceDay', date: toDate(bridged(utc(year, 11, 11))) },
    { key: 'christmas', date: quebec.christmas as CalendarDate },
  ];
}

/** Two weeks from a Sunday (00:01) to the second Saturday (24:00). */
const twoWeeksFrom = (sunday: number): Period => ({
  start: toDate(sunday),
  end: toDate(addDays(sunday, 13)),
});

/** The construction summer vacation: from the second-to-last Sunday of July. */
export function summerVacation(year: number): Period {
  const lastOfJuly = utc(year, 7, 31);
  const lastSunday = addDays(lastOfJuly, -weekday(lastOfJuly));
  return twoWeeksFrom(addDays(lastSunday, -7));
}

/** The construction winter vacation of `year`'s December: from the Sunday on or before 25 December. */
export function winterVacation(year: number): Period {
  const christmas = utc(year, 12, 25);
  return twoWeeksFrom(addDays(christmas, -weekday(christmas)));
}

/**
 * The company's vacations (spec §3: 2024-07-21 to 2024-08-04, 2024-12-22 to 2025-01-05): the
 * construction vacations with the Sunday after them, the day before work starts again.
 */
export function companyVacations(year: number): Period[] {
  return [summerVacation(year), winterVacation(year)].map((period) => ({
    start: period.start,
    end: shiftDate(period.end, 1),
  }));
}

// ---------- Names, and the calendars with the office's changes ----------

/** What each computed day is called, in both languages (SMS, PDF and screens read this one table). */
export const holidayNames: Record<
  HolidayKey | 'summerVacation' | 'winterVacation',
  { fr: string; en: string }
> = {
  newYear: { fr: 'Jour de l’An', en: 'New Year’s Day' },
  goodFriday: { fr: 'Vendredi saint', en: 'Good Friday' },
  easterMonday: { fr: 'Lundi de Pâques', en: 'Easter Monday' },
  patriots: { fr: 'Journée nationale des patriotes', en: 'National Patriots’ Day' },
  fetenationale: { fr: 'Fête nationale du Québec', en: 'Fête nationale (St-Jean-Baptiste)' },
  canadaDay: { fr: 'Fête du Canada', en: 'Canada Day' },
  labourDay: { fr: 'Fête du Travail', en: 'Labour Day' },
  thanksgiving: { fr: 'Action de grâce', en: 'Thanksgiving' },
  remembranceDay: { fr: 'Jour du Souvenir', en: 'Remembrance Day' },
  christmas: { fr: 'Noël', en: 'Christmas Day' },
  summerVacation: { fr: 'Vacances de la construction (été)', en: 'Construction holiday (summer)' },
  winterVacation: { fr: 'Vacances de la construction (hiver)', en: 'Construction holiday (winter)' },
};

export const holidayKeys = Object.keys(holidayNames).filter(
  (key) => key !== 'summerVacation' && key !== 'winterVacation',
) as HolidayKey[];

/** The office's change to a computed calendar (stored; the computed days never are). */
export interface HolidayOverride {
  id: string;
  calendar: 'quebec' | 'construction';
  year: number;
  kind: 'move' | 'remove' | 'add';
  holidayKey: string | null;
  date: CalendarDate | null;
  nameFr: string | null;
  nameEn: string | null;
}

/** A day of a calendar as shown and as the rules read it. */
export interface CalendarHoliday {
  date: CalendarDate;
  /** The computed holiday it is (null for a company day the office added). */
  key: HolidayKey | null;
  nameFr: string;
  nameEn: string;
  /** computed as is; moved by the office (from `computedDate`); added by the office. */
  source: 'computed' | 'moved' | 'added';
  computedDate: CalendarDate | null;
  overrideId: string | null;
}

/**
 * A year's holidays of one calendar with the office's overrides applied: moved days at their new
 * date, removed days gone, company days added. Sorted by date.
 */
export function effectiveHolidays(
  calendar: 'quebec' | 'construction',
  year: number,
  overrides: readonly HolidayOverride[],
): CalendarHoliday[] {
  const mine = overrides.filter((override) => override.calendar === calendar && override.year === year);
  const computed = calendar === 'quebec' ? quebecHolidays(year) : constructionHolidays(year);
  const days: CalendarHoliday[] = [];
  for (const holiday of computed) {
    const override = mine.find((o) => o.holidayKey === holiday.key);
    if (override?.kind === 'remove') continue;
    const moved = override?.kind === 'move' && override.date ? override.date : null;
    days.push({
      date: moved ?? holiday.date,
      key: holiday.key,
      nameFr: holidayNames[holiday.key].fr,
      nameEn: holidayNames[holiday.key].en,
      source: moved ? 'moved' : 'computed',
      computedDate: holiday.date,
      overrideId: override?.id ?? null,
    });
  }
  for (const added of mine) {
    if (added.kind !== 'add' || !added.date) continue;
    days.push({
      date: added.date,
      key: null,
      nameFr: added.nameFr ?? '',
      nameEn: added.nameEn ?? added.nameFr ?? '',
      source: 'added',
      computedDate: null,
      overrideId: added.id,
    });
  }
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The days nobody works for the company between two dates (included): the construction holidays
 * (with the office's overrides) and the company vacations, each day with its name. A winter
 * vacation that started the December before counts for the January days it covers.
 */
export function nonWorkingDays(
  from: CalendarDate,
  to: CalendarDate,
  overrides: readonly HolidayOverride[],
): Map<CalendarDate, { nameFr: string; nameEn: string }> {
  const days = new Map<CalendarDate, { nameFr: string; nameEn: string }>();
  const firstYear = Number(from.slice(0, 4));
  const lastYear = Number(to.slice(0, 4));
  for (let year = firstYear - 1; year <= lastYear; year++) {
    const [summer, winter] = companyVacations(year) as [Period, Period];
    for (const [period, key] of [
      [summer, 'summerVacation'],
      [winter, 'winterVacation'],
    ] as const) {
      for (let date = period.start; date <= period.end; date = shiftDate(date, 1)) {
        if (date >= from && date <= to)
          days.set(date, { nameFr: holidayNames[key].fr, nameEn: holidayNames[key].en });
      }
    }
    for (const holiday of effectiveHolidays('construction', year, overrides)) {
      if (holiday.date >= from && holiday.date <= to) {
        days.set(holiday.date, { nameFr: holiday.nameFr, nameEn: holiday.nameEn });
      }
    }
  }
  return days;
}
