import { type SQL, sql } from 'drizzle-orm';
import { addDays, companyToday } from '../../lib/calendar.ts';

/** The days an alert looks at: today … today + days, Montréal calendar days, both included. */
export interface AlertWindow {
  from: string;
  to: string;
  days: number;
}

export function alertWindow(days: number, now = new Date()): AlertWindow {
  const from = companyToday(now);
  return { from, to: addDays(from, days), days };
}

/**
 * The rows behind each kind of alert, as subqueries: the count counts them and the list joins the
 * names a screen links with, so both always agree. Each is read from the small side through an
 * index (the badge is asked on every navigation: p95 < 20 ms at 2,000 active orders):
 *
 * - `orders` (id, confirmed): orders not cancelled, starting within the window (orders_starts_idx),
 *   with fewer confirmed workers than asked (counted on assignations_order_idx alone);
 * - `sites` (id): live sites (not archived, of an active client) whose last day is in the window;
 * - `certificates` (employee_id, skill_id, expires_on, order_id): a certificate expiring within the
 *   window (employee_skills_skill_idx) of a worker on a pending or confirmed assignation
 *   (assignations_employee_idx) of an order neither cancelled nor over by then, whose last day comes
 *   after the expiry.
 */
export function alertSources(
  window: AlertWindow,
): Record<'refusals' | 'orders' | 'sites' | 'certificates', SQL> {
  const { from, to } = window;
  return {
    // A refused line waits for the office whatever the window: the sheet is approved once it is
    // settled (issue 26, point 1). Few at a time: read from the refused entries (partial by nature).
    refusals: sql`(select te.id as entry_id, t.id as timesheet_id
      from time_entries te
      join timesheets t on t.site_id = te.site_id
        and te.work_date between t.week_start and t.week_start + 6
      where te.rejected_at is not null and t.status <> 'approved')`,
    orders: sql`(select o.id, held.confirmed
      from orders o
      cross join lateral (
        select count(*)::int as confirmed from assignations a
        where a.order_id = o.id and a.status = 'confirmed'
      ) held
      where o.cancelled_at is null and o.starts_on between ${from}::date and ${to}::date
        and held.confirmed < o.workers_needed)`,
    sites: sql`(select s.id from sites s join clients c on c.id = s.client_id
      where not s.archived and c.active and s.end_date between ${from}::date and ${to}::date)`,
    // The lateral subquery is kept apart (offset 0): one index probe per expiring certificate,
    // never a pass over every open assignation.
    certificates: sql`(select es.employee_id, es.skill_id, es.expires_on, held.order_id
      from employee_skills es
      cross join lateral (
        select a.order_id from assignations a join orders o on o.id = a.order_id
        where a.employee_id = es.employee_id and a.status in ('pending', 'confirmed')
          and o.cancelled_at is null and o.ends_on > es.expires_on
        offset 0
      ) held
      where es.expires_on between ${from}::date and ${to}::date)`,
  };
}
