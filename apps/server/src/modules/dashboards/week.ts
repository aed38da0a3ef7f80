import type { PayWeek, SiteCoverage, WeekCounts } from '@brigade/shared';
import { payWeekOf, placesCoverage } from '@brigade/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { thisPayWeek } from '../../lib/calendar.ts';

/** A pay week, Sunday to Saturday: the one of `day`, this week by default (Montréal). */
export type Week = PayWeek;
export function weekOf(day: string | undefined, now = new Date()): Week {
  return day ? payWeekOf(day) : thisPayWeek(now);
}

export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The orders that touch the week (not cancelled), with their confirmed workers: a CTE `week_orders`. */
export function weekOrdersCte({ weekStart, weekEnd }: Week): SQL {
  return sql`week_orders as (
    select o.id, o.client_id, o.site_id, o.workers_needed,
      (select count(*)::int from assignations a where a.order_id = o.id and a.status = 'confirmed') as confirmed
    from orders o
    where o.cancelled_at is null
      and daterange(o.starts_on, o.ends_on, '[]') && daterange(${weekStart}::date, ${weekEnd}::date, '[]')
  )`;
}

export interface WeekSiteRow extends WeekCounts {
  id: string;
  name: string;
  street: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  clientId: string;
  clientName: string;
}

/**
 * Each site live during the week (not archived, of an active client, its dates touching the week)
 * or with an order in it, with its counts: orders, workers needed, distinct workers confirmed
 * (headcount) and open places. `only` narrows to one site (then it is read whatever its status).
 */
export async function weekSites(db: Executor, week: Week, only?: string): Promise<WeekSiteRow[]> {
  const { weekStart, weekEnd } = week;
  const which = only
    ? sql`s.id = ${only}`
    : sql`((not s.archived and c.active
          and (s.start_date is null or s.start_date <= ${weekEnd}::date)
          and (s.end_date is null or s.end_date >= ${weekStart}::date))
        or so.site_id is not null)`;
  return rowsOf<WeekSiteRow>(
    db,
    sql`with ${weekOrdersCte(week)},
    site_orders as (
      select site_id, count(*)::int as orders, sum(workers_needed)::int as needed,
        sum(greatest(workers_needed - confirmed, 0))::int as open
      from week_orders group by site_id
    ),
    site_heads as (
      select o.site_id, count(distinct a.employee_id)::int as headcount
      from week_orders o join assignations a on a.order_id = o.id and a.status = 'confirmed'
      group by o.site_id
    )
    select s.id, s.name, s.street, s.city, s.latitude, s.longitude,
      c.id as "clientId", c.name as "clientName",
      coalesce(so.orders, 0) as orders, coalesce(so.needed, 0) as "workersNeeded",
      coalesce(sh.headcount, 0) as headcount, coalesce(so.open, 0) as "openPlaces"
    from sites s
    join clients c on c.id = s.client_id
    left join site_orders so on so.site_id = s.id
    left join site_heads sh on sh.site_id = s.id
    where ${which}
    order by c.name, s.name, s.id`,
  );
}

/** full: every place of the week's orders confirmed; partial: some; none: none; no_order: no order. */
export function coverageOf(counts: WeekCounts): SiteCoverage {
  if (counts.orders === 0) return 'no_order';
  return placesCoverage(counts.workersNeeded - counts.openPlaces, counts.workersNeeded);
}

export const countsOf = ({ orders, workersNeeded, headcount, openPlaces }: WeekCounts): WeekCounts => ({
  orders,
  workersNeeded,
  headcount,
  openPlaces,
});
