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
  /** The day it counts on (its work date: a night shift counts wholly on the day it starts). */
  date: string;
  /** Minutes after midnight it starts: the day's order. */
  startMinute: number;
  /** Its worked minutes (break taken off). */
  minutes: number;
  /** Breaks a tie between entries starting at the same minute (a site's id, say): any stable text. */
  key?: string;
}

/**
 * A worker's pay week split into regular and overtime entry by entry, whatever site each is on
 * (issue 28): `splitOvertime` of the worker's whole week (every site added up, as their own week
 * shows it) gives each day's overtime, and a day's overtime falls on the entries that came last —
 * the day's first `regular` minutes, in start order, are regular, everything after is overtime.
 * So 6 h on one site then 4 h on another is 2 h overtime on the second; 25 h on one site and 25 h
 * on another in a week is 40 regular and 10 overtime across the two, on the last days' entries.
 * Summed over the sites, each day's (regular, overtime) is the worker's week's, so a site's
 * timesheet, the reports and the payroll always add up to the worker's own week.
 *
 * `entries`: every accepted entry of one worker's one pay week (refused ones left out), in any
 * order. Returns each entry's split, in the order given.
 */
export function allocateOvertime(
  entries: readonly WeekEntry[],
  rule: OvertimeRule = defaultOvertimeRule,
): { regular: number; overtime: number }[] {
  const dayMinutes = new Map<string, number>();
  for (const entry of entries) dayMinutes.set(entry.date, (dayMinutes.get(entry.date) ?? 0) + entry.minutes);
  const regularOfDay = new Map(
    splitOvertime(
      [...dayMinutes].map(([date, minutes]) => ({ date, minutes })),
      rule,
    ).map((day) => [day.date, day.regular]),
  );
  const order = entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        (a.entry.date < b.entry.date ? -1 : a.entry.date > b.entry.date ? 1 : 0) ||
        a.entry.startMinute - b.entry.startMinute ||
        ((a.entry.key ?? '') < (b.entry.key ?? '')
          ? -1
          : (a.entry.key ?? '') > (b.entry.key ?? '')
            ? 1
            : 0) ||
        a.index - b.index,
    );
  const result: { regular: number; overtime: number }[] = entries.map(() => ({ regular: 0, overtime: 0 }));
  for (const { entry, index } of order) {
    const left = regularOfDay.get(entry.date) ?? 0;
    const regular = Math.min(entry.minutes, left);
    regularOfDay.set(entry.date, left - regular);
    result[index] = { regular, overtime: entry.minutes - regular };
  }
  return result;
}
