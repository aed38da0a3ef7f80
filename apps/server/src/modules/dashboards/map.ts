import { type MapSiteDetail, minutesToTime, orderStatus, type SitesMap } from '@brigade/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyToday } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { dashboardsPolicy } from './policy.ts';
import { countsOf, coverageOf, rowsOf, weekOf, weekSites } from './week.ts';

/** The sites map (spec §2 dashboard/map): the located sites of the week with their coverage. */
export async function sitesMap(
  db: Db,
  actor: Actor,
  day: string | undefined,
  now = new Date(),
): Promise<SitesMap> {
  authorize(actor, dashboardsPolicy.read);
  const week = weekOf(day, now);
  const rows = await weekSites(db, week);
  const sites: SitesMap['sites'] = [];
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null) continue;
    sites.push({
      id: row.id,
      name: row.name,
      city: row.city,
      client: { id: row.clientId, name: row.clientName },
      latitude: row.latitude,
      longitude: row.longitude,
      coverage: coverageOf(row),
      ...countsOf(row),
    });
  }
  return { ...week, sites, unlocated: rows.length - sites.length };
}

interface OrderRow {
  id: string;
  startsOn: string;
  endsOn: string;
  dailyStartMinute: number;
  dailyEndMinute: number;
  workersNeeded: number;
  confirmed: number;
  pending: number;
}

/** One site of the map (dashboard/map/:id): its orders touching the week and their confirmed workers. */
export async function mapSite(
  db: Db,
  actor: Actor,
  siteId: string,
  day: string | undefined,
  now = new Date(),
): Promise<MapSiteDetail> {
  authorize(actor, dashboardsPolicy.read);
  const week = weekOf(day, now);
  const { weekStart, weekEnd } = week;
  const touchesWeek = sql`o.site_id = ${siteId} and o.cancelled_at is null
    and daterange(o.starts_on, o.ends_on, '[]') && daterange(${weekStart}::date, ${weekEnd}::date, '[]')`;
  const [[site], orderRows, workers] = await readAll(db, [
    () => weekSites(db, week, siteId),
    () =>
      rowsOf<OrderRow>(
        db,
        sql`select o.id, o.starts_on::text as "startsOn", o.ends_on::text as "endsOn",
          o.daily_start_minute as "dailyStartMinute", o.daily_end_minute as "dailyEndMinute",
          o.workers_needed as "workersNeeded",
          (select count(*)::int from assignations a where a.order_id = o.id and a.status = 'confirmed') as confirmed,
          (select count(*)::int from assignations a where a.order_id = o.id and a.status = 'pending') as pending
        from orders o where ${touchesWeek}
        order by o.starts_on, o.id`,
      ),
    () =>
      rowsOf<MapSiteDetail['workers'][number]>(
        db,
        sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.phone, o.id as "orderId"
        from orders o
        join assignations a on a.order_id = o.id and a.status = 'confirmed'
        join users u on u.id = a.employee_id
        where ${touchesWeek}
        order by u.last_name, u.first_name, o.starts_on`,
      ),
  ]);
  if (!site) throw notFound();
  const today = companyToday(now);
  return {
    ...week,
    site: {
      id: site.id,
      name: site.name,
      street: site.street,
      city: site.city,
      client: { id: site.clientId, name: site.clientName },
      latitude: site.latitude,
      longitude: site.longitude,
      coverage: coverageOf(site),
      ...countsOf(site),
    },
    orders: orderRows.map((row) => ({
      id: row.id,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      dailyStart: minutesToTime(row.dailyStartMinute),
      dailyEnd: minutesToTime(row.dailyEndMinute),
      workersNeeded: row.workersNeeded,
      confirmed: row.confirmed,
      pending: row.pending,
      status: orderStatus({ ...row, cancelled: false }, row.confirmed, today),
    })),
    workers,
  };
}
