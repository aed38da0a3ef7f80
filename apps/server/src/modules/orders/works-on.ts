import { type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';

/** Saturday or Sunday (a yyyy-MM-dd calendar day). */
function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The orders that work on `day`: not cancelled, `day` within their dates (served by the
 * orders_range_idx index), and on a weekend only those that include weekends.
 */
export function worksOn(day: string): SQL {
  const range = sql`${orders.cancelledAt} is null and daterange(${orders.startsOn}, ${orders.endsOn}, '[]') @> ${day}::date`;
  return isWeekend(day) ? sql`${range} and ${orders.includeWeekends}` : range;
}
