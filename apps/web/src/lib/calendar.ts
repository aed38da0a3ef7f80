import { companyTimeZone } from '@brigade/shared/dates';
import { currentLanguage } from './i18n.ts';

/**
 * The company's calendar in the browser: today is the day in Montréal (America/Toronto), whatever
 * the device's zone, and a date is a 'YYYY-MM-DD' string, never an instant.
 */
export function companyToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: companyTimeZone }).format(now);
}

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Monday = 0 … Sunday = 6 (weeks run Monday to Sunday, as on the timesheets). */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

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

/** Short day names, Monday first ("lun.", "mar." … / "Mon", "Tue" …). */
export function weekdayNames(style: 'short' | 'long' = 'short'): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(locale(), { weekday: style, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 1 + index)),
    ),
  );
}

function locale(): string {
  return currentLanguage() === 'fr' ? 'fr-CA' : 'en-CA';
}
