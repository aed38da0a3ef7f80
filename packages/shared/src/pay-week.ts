import { shiftDate } from './holidays.ts';

// The pay week and the hours rules (issue 11), without zod: the screens that only show hours read
// them from here without loading the schemas.

/** Spec §9: a day under 8 hours is an hour alert. */
export const fullDayMinutes = 8 * 60;

/**
 * The company's overtime rule: beyond 8 hours a day or 40 hours a week (regular hours), by
 * default. A day's hours over the daily limit are overtime; the week's regular hours over the
 * weekly limit are overtime too, counted from the last days of the week.
 */
export interface OvertimeRule {
  dailyMinutes: number;
  weeklyMinutes: number;
}
export const defaultOvertimeRule: OvertimeRule = { dailyMinutes: 8 * 60, weeklyMinutes: 40 * 60 };

/** The Sunday that starts the pay week of `date` (Sunday to Saturday, the Québec construction pay week). */
export function payWeekStart(date: string): string {
  return shiftDate(date, -payWeekIndex(date));
}

/**
 * The pay week of `date`, Sunday to Saturday: the one week of the product. Every "this week" (the
 * worker's hours, the timesheets, the clients dashboard and the map, who is away this week, the
 * hours a candidate already has, a site's crew) and every calendar (Sunday first) is this week.
 */
export interface PayWeek {
  weekStart: string;
  weekEnd: string;
}
export function payWeekOf(date: string): PayWeek {
  const weekStart = payWeekStart(date);
  return { weekStart, weekEnd: shiftDate(weekStart, 6) };
}

/** A day's place in its pay week: Sunday 0 … Saturday 6 (a calendar date, never shifted by a zone). */
export function payWeekIndex(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The seven days of the pay week that starts on `weekStart`. */
export function payWeekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, index) => shiftDate(weekStart, index));
}

/** Each day's worked minutes split into regular and overtime by `rule` (days in calendar order). */
export function splitOvertime(
  days: readonly { date: string; minutes: number }[],
  rule: OvertimeRule = defaultOvertimeRule,
): { date: string; minutes: number; regular: number; overtime: number }[] {
  const split = [...days]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((day) => {
      const regular = Math.min(day.minutes, rule.dailyMinutes);
      return { ...day, regular, overtime: day.minutes - regular };
    });
  let excess = split.reduce((sum, day) => sum + day.regular, 0) - rule.weeklyMinutes;
  for (let index = split.length - 1; index >= 0 && excess > 0; index--) {
    const day = split[index] as (typeof split)[number];
    const moved = Math.min(day.regular, excess);
    day.regular -= moved;
    day.overtime += moved;
    excess -= moved;
  }
  return split;
}

/** One accepted time entry of a worker's pay week, on any site, as `allocateOvertime` reads it. */
export interface WeekEntry {
  /** The day it counts on (a night shift counts wholly on the day it starts). */
  workDate: string;
  /** Minutes after midnight it starts: the day's order. */
  startMinute: number;
  /** Its worked minutes (break taken off). */
  minutes: number;
  /** Its site: breaks a tie between entries starting at the same minute. */
  siteId?: string;
}

/** The order of a week's entries: day, start, then site. */
export const weekEntryOrder = (a: WeekEntry, b: WeekEntry): number =>
  (a.workDate < b.workDate ? -1 : a.workDate > b.workDate ? 1 : 0) ||
  a.startMinute - b.startMinute ||
  ((a.siteId ?? '') < (b.siteId ?? '') ? -1 : (a.siteId ?? '') > (b.siteId ?? '') ? 1 : 0);

/**
 * A worker's pay week split into regular and overtime entry by entry, whatever site each is on
 * (issue 28). The week's split is `splitOvertime`'s, of the worker's whole week (every site added
 * up, as their own week shows it), and a day's overtime falls on the entries that came last: the
 * day's regular minutes are its first ones, in start order, everything after is overtime. So 6 h on
 * one site then 4 h on another is 2 h overtime on the second; 25 h on one site and 25 h on another
 * in a week is 40 regular and 10 overtime, on the week's last entries. Summed over the sites, each
 * day's (regular, overtime) is the worker's week's, so a site's timesheet, the reports and the
 * payroll always add up to the worker's own week.
 *
 * It walks the week's entries in time order (day, start, site), a minute regular while it is within
 * the day's first `dailyMinutes` and the week's first `weeklyMinutes` regular minutes: the same as
 * `splitOvertime` (its weekly excess taken from the last days is the first days' regular kept) then
 * each day's overtime given to its last hours, without building the days (the reports split 10,000
 * worker-weeks a month; the tests check it against `splitOvertime`).
 *
 * `entries`: every accepted entry of one worker's one pay week (refused ones left out), in any
 * order. Returns each entry's regular minutes, in the order given; the rest of its minutes is its
 * overtime.
 */
export function allocateOvertime(
  entries: readonly WeekEntry[],
  rule: OvertimeRule = defaultOvertimeRule,
): number[] {
  const order = entries.map((_, index) => index);
  for (let index = 1; index < entries.length; index++) {
    if (weekEntryOrder(entries[index - 1] as WeekEntry, entries[index] as WeekEntry) > 0) {
      order.sort((a, b) => weekEntryOrder(entries[a] as WeekEntry, entries[b] as WeekEntry) || a - b);
      break;
    }
  }
  const regular: number[] = new Array(entries.length).fill(0);
  let day = '';
  let dayMinutes = 0;
  let weekRegular = 0;
  for (const index of order) {
    const entry = entries[index] as WeekEntry;
    if (entry.workDate !== day) {
      day = entry.workDate;
      dayMinutes = 0;
    }
    const own = Math.max(
      0,
      Math.min(entry.minutes, rule.dailyMinutes - dayMinutes, rule.weeklyMinutes - weekRegular),
    );
    dayMinutes += entry.minutes;
    weekRegular += own;
    regular[index] = own;
  }
  return regular;
}
