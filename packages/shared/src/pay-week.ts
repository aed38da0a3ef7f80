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
