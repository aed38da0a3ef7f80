import type { OrderStatus } from '@brigade/shared';
import { type SQL, sql } from 'drizzle-orm';
import { assignations, orders } from '../../db/schema/index.ts';

/** How many of an order's assignations are confirmed, and pending (a subquery per order row). */
export const confirmedCount = sql<number>`(select count(*)::int from ${assignations} a
  where a.order_id = ${orders.id} and a.status = 'confirmed')`;
export const pendingCount = sql<number>`(select count(*)::int from ${assignations} a
  where a.order_id = ${orders.id} and a.status = 'pending')`;

/** The derived status in SQL (the same rule as the shared `orderStatus`), for the list's filter. */
export function orderStatusIs(status: OrderStatus, today: string): SQL {
  const live = sql`${orders.cancelledAt} is null`;
  switch (status) {
    case 'cancelled':
      return sql`${orders.cancelledAt} is not null`;
    case 'done':
      return sql`(${live} and ${orders.endsOn} < ${today}::date)`;
    case 'in_progress':
      return sql`(${live} and ${orders.startsOn} <= ${today}::date and ${orders.endsOn} >= ${today}::date)`;
    case 'filled':
      return sql`(${live} and ${orders.startsOn} > ${today}::date and ${confirmedCount} >= ${orders.workersNeeded})`;
    case 'partial':
      return sql`(${live} and ${orders.startsOn} > ${today}::date and ${confirmedCount} between 1 and ${orders.workersNeeded} - 1)`;
    case 'open':
      return sql`(${live} and ${orders.startsOn} > ${today}::date and ${confirmedCount} = 0)`;
  }
}
