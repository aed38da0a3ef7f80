/**
 * The company's calendar: the agency works in Montréal time (companyTimeZone, America/Toronto), and
 * dates without a time (site start/end, skill expiry, warranty) are yyyy-MM-dd strings compared as such.
 */
import { companyTimeZone, type PayWeek, payWeekOf } from '@brigade/shared';

// Made once: building a formatter (its time zone rules) costs far more than formatting a date.
const companyDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: companyTimeZone });

// The last answer, by the minute it was for: formatting costs tens of microseconds, asked several
// times a request. A day starts on a minute in every time zone we serve, so one minute is one day.
let lastMinute = Number.NaN;
let lastDay = '';

/** Today, the company's calendar day, as yyyy-MM-dd. */
export function companyToday(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = companyDateFormat.format(now);
    lastMinute = minute;
  }
  return lastDay;
}

/** yyyy-MM-dd plus `days`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is past). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The pay week (Sunday to Saturday) of today in Montréal: the "this week" of every answer. */
export function thisPayWeek(now = new Date()): PayWeek {
  return payWeekOf(companyToday(now));
}
