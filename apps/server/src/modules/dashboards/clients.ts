import type { ClientsDashboard, ClientsDashboardClient } from '@brigade/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readAll } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { dashboardsPolicy } from './policy.ts';
import { countsOf, rowsOf, weekOf, weekOrdersCte, weekSites } from './week.ts';

/**
 * The current clients (spec §2 clients-dashboard): every client with a site live or an order during
 * the week, its confirmed headcount (distinct workers, a worker on two of its sites counts once)
 * and open places, then the same per site; the busiest clients first.
 */
export async function clientsDashboard(
  db: Db,
  actor: Actor,
  day: string | undefined,
  now = new Date(),
): Promise<ClientsDashboard> {
  authorize(actor, dashboardsPolicy.read);
  const week = weekOf(day, now);
  const [siteRows, clientHeads, [totalHeads]] = await readAll(db, [
    () => weekSites(db, week),
    () =>
      rowsOf<{ clientId: string; headcount: number }>(
        db,
        sql`with ${weekOrdersCte(week)}
        select o.client_id as "clientId", count(distinct a.employee_id)::int as headcount
        from week_orders o join assignations a on a.order_id = o.id and a.status = 'confirmed'
        group by o.client_id`,
      ),
    () =>
      rowsOf<{ headcount: number }>(
        db,
        sql`with ${weekOrdersCte(week)}
        select count(distinct a.employee_id)::int as headcount
        from week_orders o join assignations a on a.order_id = o.id and a.status = 'confirmed'`,
      ),
  ]);
  const headsByClient = new Map(clientHeads.map((row) => [row.clientId, row.headcount]));
  const byClient = new Map<string, ClientsDashboardClient>();
  for (const row of siteRows) {
    const client = byClient.get(row.clientId) ?? {
      id: row.clientId,
      name: row.clientName,
      orders: 0,
      workersNeeded: 0,
      headcount: headsByClient.get(row.clientId) ?? 0,
      openPlaces: 0,
      sites: [],
    };
    client.orders += row.orders;
    client.workersNeeded += row.workersNeeded;
    client.openPlaces += row.openPlaces;
    client.sites.push({ id: row.id, name: row.name, city: row.city, ...countsOf(row) });
    byClient.set(row.clientId, client);
  }
  const busiestFirst = <T extends { headcount: number; openPlaces: number; name: string }>(a: T, b: T) =>
    b.headcount - a.headcount || b.openPlaces - a.openPlaces || a.name.localeCompare(b.name, 'fr');
  const clients = [...byClient.values()].sort(busiestFirst);
  for (const client of clients) client.sites.sort(busiestFirst);
  return {
    ...week,
    totals: {
      clients: clients.length,
      sites: siteRows.length,
      orders: clients.reduce((sum, client) => sum + client.orders, 0),
      workersNeeded: clients.reduce((sum, client) => sum + client.workersNeeded, 0),
      headcount: totalHeads?.headcount ?? 0,
      openPlaces: clients.reduce((sum, client) => sum + client.openPlaces, 0),
    },
    clients,
  };
}
