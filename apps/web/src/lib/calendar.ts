import { companyTimeZone } from '@brigade/shared/dates';
import { intlLocales } from '@brigade/shared/format';
import { payWeekIndex } from '@brigade/shared/pay-week';
import { currentLanguage } from './i18n.ts';

/**
 * The company's calendar in the browser: today is the day in Montréal (America/Toronto), whatever
 * the device's zone, and a date is a 'YYYY-MM-DD' string, never an instant.
 */
export function companyToday(now = new Date()): string {
  companyDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: companyTimeZone });
  return companyDay.format(now);
}
// Made once: the logger asks for today at every render, and making a formatter costs a phone far
// more than formatting with it.
let companyDay: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Sunday = 0 … Saturday = 6: weeks are pay weeks, Sunday to Saturday, everywhere. */
export const weekdayIndex = payWeekIndex;

/**
 * A date's name in the user's language, as a sentence starts ("Jeudi 12 mars 2026", "Thursday,
 * March 12, 2026"), computed on the calendar date itself.
 */
export function longDate(date: string, options: Intl.DateTimeFormatOptions = {}): string {
  const text = new Intl.DateTimeFormat(locale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(`${date}T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "novembre 2026" for '2026-11'. */
export function monthName(month: string): string {
  return new Intl.DateTimeFormat(locale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** Day names, Sunday first as the pay week ("dim.", "lun." … / "Sun", "Mon" …). */
export function weekdayNames(style: 'short' | 'long' = 'short'): string[] {
  // 2023-12-31 was a Sunday.
  return Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(locale(), { weekday: style, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 11, 31 + index)),
    ),
  );
}

function locale(): string {
  return intlLocales[currentLanguage()];
}
