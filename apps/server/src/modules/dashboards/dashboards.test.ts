import { type ClientsDashboard, type MapSiteDetail, payWeekStart, type SitesMap } from '@brigade/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { assignations, clients, orders, sites } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

// A pay week of its own (Sunday to Saturday), far ahead, so that nothing else of the database touches it.
const sunday = payWeekStart(addDays(companyToday(), 70));
const monday = addDays(sunday, 1);
const saturday = addDays(sunday, 6);

type Row = typeof clients.$inferSelect;
/** The one row an insert returned. */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('nothing inserted');
  return row;
}
let busy: Row;
let quiet: Row;
let idle: Row;
let tower: typeof sites.$inferSelect;
let bridge: typeof sites.$inferSelect;
let depot: typeof sites.$inferSelect;
let finished: typeof sites.$inferSelect;
let unplanned: typeof sites.$inferSelect;

async function order(
  site: typeof sites.$inferSelect,
  startsOn: string,
  endsOn: string,
  workersNeeded: number,
) {
  const [row] = await t.db
    .insert(orders)
    .values({
      clientId: site.clientId,
      siteId: site.id,
      workersNeeded,
      startsOn,
      endsOn,
      dailyStartMinute: 420,
      dailyEndMinute: 930,
    })
    .returning();
  return row as typeof orders.$inferSelect;
}
async function assign(orderId: string, employeeId: string, status: 'confirmed' | 'pending' = 'confirmed') {
  await t.db.insert(assignations).values({ orderId, employeeId, status });
}

let luc: { id: string };
let ana: { id: string };
let marc: { id: string };
let towerMonday: typeof orders.$inferSelect;

beforeAll(async () => {
  busy = one(await t.db.insert(clients).values({ name: 'Bâtisseurs Occupés' }).returning());
  quiet = one(await t.db.insert(clients).values({ name: 'Calme Construction' }).returning());
  idle = one(await t.db.insert(clients).values({ name: 'Zéro Chantier', active: false }).returning());
  tower = one(
    await t.db
      .insert(sites)
      .values({ clientId: busy.id, name: 'Tour Nord', city: 'Laval', latitude: 45.57, longitude: -73.71 })
      .returning(),
  );
  bridge = one(
    await t.db
      .insert(sites)
      .values({ clientId: busy.id, name: 'Pont Sud', city: 'Longueuil', latitude: 45.53, longitude: -73.51 })
      .returning(),
  );
  depot = one(
    await t.db
      .insert(sites)
      .values({ clientId: quiet.id, name: 'Entrepôt', latitude: 45.5, longitude: -73.6 })
      .returning(),
  );
  // Ended the Saturday before the week, no order in it: not current.
  finished = one(
    await t.db
      .insert(sites)
      .values({
        clientId: quiet.id,
        name: 'Terminé',
        endDate: addDays(sunday, -1),
        latitude: 45.4,
        longitude: -73.4,
      })
      .returning(),
  );
  // Live, no position, no order.
  unplanned = one(await t.db.insert(sites).values({ clientId: quiet.id, name: 'Sans position' }).returning());
  await t.db
    .insert(sites)
    .values({ clientId: idle.id, name: 'Du client archivé', latitude: 45.3, longitude: -73.3 });

  luc = await t.createEmployee({ firstName: 'Luc', lastName: 'Tremblay' });
  ana = await t.createEmployee({ firstName: 'Ana', lastName: 'Gagnon' });
  marc = await t.createEmployee({ firstName: 'Marc', lastName: 'Roy' });

  // Tour Nord: 3 asked Monday–Wednesday (Luc, Ana confirmed), 2 asked Thursday–next Tuesday
  // (Luc confirmed again, Marc pending): headcount 2, open places 1 + 1.
  towerMonday = await order(tower, monday, addDays(monday, 2), 3);
  await assign(towerMonday.id, luc.id);
  await assign(towerMonday.id, ana.id);
  const towerLater = await order(tower, addDays(monday, 3), addDays(monday, 8), 2);
  await assign(towerLater.id, luc.id);
  await assign(towerLater.id, marc.id, 'pending');
  // Pont Sud: 1 asked from the week before to its Sunday, Luc confirmed: full (Luc counts once for
  // the client).
  const bridgeOrder = await order(bridge, addDays(sunday, -3), sunday, 1);
  await assign(bridgeOrder.id, luc.id);
  // Over-confirmed orders never give negative open places.
  const extra = await order(bridge, addDays(monday, 1), addDays(monday, 1), 1);
  await assign(extra.id, ana.id);
  await assign(extra.id, marc.id);
  // Entrepôt: 2 asked Friday and Saturday, nobody yet; a cancelled order and one of the next week
  // (from its Sunday) count for nothing.
  await order(depot, addDays(monday, 4), addDays(monday, 5), 2);
  const [cancelled] = await t.db
    .insert(orders)
    .values({
      clientId: quiet.id,
      siteId: depot!.id,
      workersNeeded: 9,
      startsOn: sunday,
      endsOn: saturday,
      dailyStartMinute: 420,
      dailyEndMinute: 930,
      cancelledAt: new Date(),
    })
    .returning();
  await assign(cancelled!.id, ana.id);
  await order(depot, addDays(saturday, 1), addDays(saturday, 2), 5);
});

describe('current clients dashboard', () => {
  it('gives each current client and site its confirmed headcount and open places over the week', async () => {
    // Any day of the week, in either date format, is that week.
    const response = await call(
      'GET',
      `/dashboards/clients?week=${addDays(monday, 3).split('-').reverse().join('/')}`,
    );
    expect(response.statusCode).toBe(200);
    const board: ClientsDashboard = response.json();
    expect(board).toMatchObject({ weekStart: sunday, weekEnd: saturday });
    expect(board.clients.map((client) => client.name)).toEqual(['Bâtisseurs Occupés', 'Calme Construction']);
    const [first, second] = board.clients;
    expect(first).toMatchObject({ orders: 4, workersNeeded: 7, headcount: 3, openPlaces: 2 });
    expect(first?.sites).toEqual(
      [
        {
          id: tower.id,
          name: 'Tour Nord',
          city: 'Laval',
          orders: 2,
          workersNeeded: 5,
          headcount: 2,
          openPlaces: 2,
        },
        {
          id: bridge.id,
          name: 'Pont Sud',
          city: 'Longueuil',
          orders: 2,
          workersNeeded: 2,
          headcount: 3,
          openPlaces: 0,
        },
      ].sort((a, b) => b.headcount - a.headcount),
    );
    expect(second).toMatchObject({ orders: 1, workersNeeded: 2, headcount: 0, openPlaces: 2 });
    expect(second?.sites.map((site) => site.name)).toEqual(['Entrepôt', 'Sans position']);
    expect(board.totals).toEqual({
      clients: 2,
      sites: 4,
      orders: 5,
      workersNeeded: 9,
      headcount: 3,
      openPlaces: 4,
    });
  });

  it('is this pay week by default', async () => {
    const board: ClientsDashboard = (await call('GET', '/dashboards/clients')).json();
    expect(board.weekStart).toBe(payWeekStart(companyToday()));
    expect(board.weekEnd).toBe(addDays(payWeekStart(companyToday()), 6));
    expect(board.clients.map((client) => client.name)).not.toContain('Zéro Chantier');
  });

  it('ends a week on its Saturday and starts the next on Sunday', async () => {
    const site = (board: ClientsDashboard, name: string) =>
      board.clients.flatMap((client) => client.sites).find((each) => each.name === name);
    // Saturday is the week's last day: the same week, the order of Pont Sud ending on its Sunday in it.
    const lastDay: ClientsDashboard = (await call('GET', `/dashboards/clients?week=${saturday}`)).json();
    expect(lastDay).toMatchObject({ weekStart: sunday, weekEnd: saturday });
    expect(site(lastDay, 'Pont Sud')).toMatchObject({ orders: 2, headcount: 3 });
    expect(site(lastDay, 'Entrepôt')).toMatchObject({ orders: 1, workersNeeded: 2 });
    // The next Sunday is another week: Entrepôt's order from that Sunday, Tour Nord's running into it.
    const next = addDays(saturday, 1);
    const nextWeek: ClientsDashboard = (await call('GET', `/dashboards/clients?week=${next}`)).json();
    expect(nextWeek).toMatchObject({ weekStart: next, weekEnd: addDays(next, 6) });
    expect(site(nextWeek, 'Entrepôt')).toMatchObject({ orders: 1, workersNeeded: 5, openPlaces: 5 });
    expect(site(nextWeek, 'Tour Nord')).toMatchObject({ orders: 1, workersNeeded: 2, headcount: 1 });
    expect(site(nextWeek, 'Pont Sud')).toMatchObject({ orders: 0 });
    const map: SitesMap = (await call('GET', `/dashboards/map?week=${next}`)).json();
    expect(map.weekStart).toBe(next);
    expect(map.sites.find((each) => each.name === 'Pont Sud')?.coverage).toBe('no_order');
  });
});

describe('sites map', () => {
  it('places the located current sites with their coverage of the week', async () => {
    const map: SitesMap = (await call('GET', `/dashboards/map?week=${monday}`)).json();
    expect(map).toMatchObject({ weekStart: sunday, weekEnd: saturday, unlocated: 1 });
    const coverage = Object.fromEntries(map.sites.map((site) => [site.name, site.coverage]));
    expect(coverage).toEqual({ 'Tour Nord': 'partial', 'Pont Sud': 'full', Entrepôt: 'none' });
    expect(map.sites.find((site) => site.id === tower.id)).toMatchObject({
      client: { id: busy.id, name: 'Bâtisseurs Occupés' },
      latitude: 45.57,
      longitude: -73.71,
      headcount: 2,
      openPlaces: 2,
    });
    // A week with no order: every site is grey.
    const empty: SitesMap = (await call('GET', `/dashboards/map?week=${addDays(monday, 21)}`)).json();
    expect(new Set(empty.sites.map((site) => site.coverage))).toEqual(new Set(['no_order']));
  });

  it('shows one site with its orders of the week and the workers confirmed on them', async () => {
    const response = await call('GET', `/dashboards/map/${tower.id}?week=${monday}`);
    expect(response.statusCode).toBe(200);
    const detail: MapSiteDetail = response.json();
    expect(detail.site).toMatchObject({
      name: 'Tour Nord',
      coverage: 'partial',
      headcount: 2,
      openPlaces: 2,
    });
    expect(detail.orders.map((o) => [o.startsOn, o.workersNeeded, o.confirmed, o.pending])).toEqual([
      [monday, 3, 2, 0],
      [addDays(monday, 3), 2, 1, 1],
    ]);
    expect(detail.orders[0]).toMatchObject({ id: towerMonday.id, dailyStart: '07:00', dailyEnd: '15:30' });
    expect(detail.workers.map((w) => `${w.firstName} ${w.lastName}`)).toEqual([
      'Ana Gagnon',
      'Luc Tremblay',
      'Luc Tremblay',
    ]);
    // A site that ended still opens (with nothing this week); an unknown one is not found.
    const ended: MapSiteDetail = (await call('GET', `/dashboards/map/${finished.id}?week=${monday}`)).json();
    expect(ended).toMatchObject({ site: { coverage: 'no_order' }, orders: [], workers: [] });
    expect((await call('GET', `/dashboards/map/${unplanned.id}`)).json().site.latitude).toBeNull();
    expect((await call('GET', '/dashboards/map/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
