import type { Alert, AlertList } from '@brigade/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  assignations,
  clients,
  employeeSkills,
  orderSkills,
  orders,
  sites,
  skills,
} from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import type { Actor } from '../../lib/policy.ts';
import { countAlerts } from './count.ts';
import { listAlerts } from './list.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
const actor: Actor = { userId: admin.user.id, role: 'admin', scope: null };

const today = companyToday();
/** The one row an insert returned. */
function one<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (!row) throw new Error('nothing inserted');
  return row;
}
let client: { id: string };
let site: { id: string };
let welding: { id: string };
let asp: { id: string };

beforeAll(async () => {
  client = one(await t.db.insert(clients).values({ name: 'Construction Alertes' }).returning());
  site = one(await t.db.insert(sites).values({ clientId: client.id, name: 'Tour Alerte' }).returning());
  welding = one(await t.db.insert(skills).values({ nameFr: 'Soudeur', nameEn: 'Welder' }).returning());
  asp = one(
    await t.db
      .insert(skills)
      .values({ nameFr: 'Carte ASP Construction', nameEn: 'ASP Construction card' })
      .returning(),
  );
});

/** An order on the test site, written straight to the database (so that it may start in the past). */
async function order(startsOn: string, endsOn: string, extra: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(orders)
    .values({
      clientId: client.id,
      siteId: site.id,
      workersNeeded: 2,
      startsOn,
      endsOn,
      dailyStartMinute: 420,
      dailyEndMinute: 930,
      ...extra,
    })
    .returning();
  return row as typeof orders.$inferSelect;
}

async function worker(status: 'pending' | 'confirmed' | 'declined' | 'cancelled', orderId: string) {
  const employee = await t.createEmployee({ firstName: 'Luc', lastName: `Tremblay ${orderId.slice(0, 4)}` });
  await t.db.insert(assignations).values({ orderId, employeeId: employee.id, status });
  return employee;
}

async function alerts(days?: number): Promise<AlertList> {
  const response = await call('GET', `/alerts${days === undefined ? '' : `?days=${days}`}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function badge(days?: number): Promise<number> {
  const response = await call('GET', `/alerts/notifications${days === undefined ? '' : `?days=${days}`}`);
  expect(response.statusCode).toBe(200);
  return response.json().numberOfAlerts;
}

const orderIds = (list: AlertList) =>
  list.items.flatMap((alert) => (alert.kind === 'order_unfilled' ? [alert.order.id] : []));

describe('alerts', () => {
  it('lists the orders short of confirmed workers that start within the window, cancelled and full ones left out', async () => {
    const short = await order(addDays(today, 2), addDays(today, 6));
    await worker('confirmed', short.id);
    await worker('pending', short.id);
    const full = await order(addDays(today, 3), addDays(today, 4), { workersNeeded: 1 });
    await worker('confirmed', full.id);
    const cancelled = await order(addDays(today, 1), addDays(today, 2), { cancelledAt: new Date() });
    const later = await order(addDays(today, 8), addDays(today, 9));
    const started = await order(addDays(today, -1), addDays(today, 5));

    const list = await alerts();
    expect(list).toMatchObject({ from: today, to: addDays(today, 7), days: 7 });
    expect(orderIds(list)).toContain(short.id);
    for (const left of [full, cancelled, later, started]) expect(orderIds(list)).not.toContain(left.id);
    const alert = list.items.find((item) => item.kind === 'order_unfilled' && item.order.id === short.id);
    expect(alert).toEqual({
      kind: 'order_unfilled',
      date: addDays(today, 2),
      order: {
        id: short.id,
        startsOn: addDays(today, 2),
        endsOn: addDays(today, 6),
        workersNeeded: 2,
        confirmed: 1,
        pending: 1,
      },
      client: { id: client.id, name: 'Construction Alertes' },
      site: { id: site.id, name: 'Tour Alerte' },
    });
    // A wider window reaches the later order.
    expect(orderIds(await alerts(10))).toContain(later.id);
  });

  it('lists the live sites ending within the window, not the archived nor those of an archived client', async () => {
    const [ending] = await t.db
      .insert(sites)
      .values({ clientId: client.id, name: 'Fin prochaine', city: 'Laval', endDate: addDays(today, 7) })
      .returning();
    const [endsLater] = await t.db
      .insert(sites)
      .values({ clientId: client.id, name: 'Fin lointaine', endDate: addDays(today, 8) })
      .returning();
    const [ended] = await t.db
      .insert(sites)
      .values({ clientId: client.id, name: 'Fini hier', endDate: addDays(today, -1) })
      .returning();
    const [archived] = await t.db
      .insert(sites)
      .values({ clientId: client.id, name: 'Archivé', endDate: addDays(today, 1), archived: true })
      .returning();
    const [gone] = await t.db.insert(clients).values({ name: 'Client archivé', active: false }).returning();
    const [ofGone] = await t.db
      .insert(sites)
      .values({ clientId: gone!.id, name: 'Du client archivé', endDate: addDays(today, 1) })
      .returning();

    const siteIds = (await alerts()).items.flatMap((a) => (a.kind === 'site_ending' ? [a.site.id] : []));
    expect(siteIds).toContain(ending!.id);
    for (const left of [endsLater, ended, archived, ofGone]) expect(siteIds).not.toContain(left!.id);
    const alert = (await alerts()).items.find((a) => a.kind === 'site_ending' && a.site.id === ending!.id);
    expect(alert).toEqual({
      kind: 'site_ending',
      date: addDays(today, 7),
      client: { id: client.id, name: 'Construction Alertes' },
      site: { id: ending!.id, name: 'Fin prochaine', city: 'Laval' },
    });
  });

  it('lists a certificate expiring before the end of an order its holder is on, pending or confirmed', async () => {
    const job = await order(addDays(today, 1), addDays(today, 20), { workersNeeded: 3 });
    await t.db.insert(orderSkills).values({ orderId: job.id, skillId: welding.id, mandatory: true });
    const holder = await worker('confirmed', job.id);
    await t.db.insert(employeeSkills).values([
      // Expires within the window and before the order's end: an alert, the order asks for it.
      { employeeId: holder.id, skillId: welding.id, expiresOn: addDays(today, 5) },
      // Expires before the end too, but beyond the window: not yet.
      { employeeId: holder.id, skillId: asp.id, expiresOn: addDays(today, 15) },
    ]);
    const pendingOne = await worker('pending', job.id);
    await t.db
      .insert(employeeSkills)
      .values({ employeeId: pendingOne.id, skillId: asp.id, expiresOn: addDays(today, 3) });
    // Already expired: a matter of the worker's record (and the matching), not of the coming days.
    const lapsed = await worker('confirmed', job.id);
    await t.db
      .insert(employeeSkills)
      .values({ employeeId: lapsed.id, skillId: welding.id, expiresOn: addDays(today, -1) });
    const declined = await worker('declined', job.id);
    await t.db
      .insert(employeeSkills)
      .values({ employeeId: declined.id, skillId: welding.id, expiresOn: addDays(today, 2) });
    // A short order: the certificate outlives it.
    const shortJob = await order(addDays(today, 1), addDays(today, 2), { workersNeeded: 1 });
    const outlives = await worker('confirmed', shortJob.id);
    await t.db
      .insert(employeeSkills)
      .values({ employeeId: outlives.id, skillId: welding.id, expiresOn: addDays(today, 2) });
    // A cancelled order, and an order already over, raise nothing.
    const cancelledJob = await order(addDays(today, 1), addDays(today, 20), { cancelledAt: new Date() });
    const onCancelled = await worker('confirmed', cancelledJob.id);
    const overJob = await order(addDays(today, -10), addDays(today, -1));
    const onOver = await worker('confirmed', overJob.id);
    await t.db.insert(employeeSkills).values([
      { employeeId: onCancelled.id, skillId: welding.id, expiresOn: addDays(today, 2) },
      { employeeId: onOver.id, skillId: welding.id, expiresOn: addDays(today, -5) },
    ]);

    const certificates = (await alerts()).items.filter(
      (a): a is Extract<Alert, { kind: 'certificate_expiring' }> => a.kind === 'certificate_expiring',
    );
    expect(
      certificates.map((a) => [a.employee.id, a.skill.id, a.order.id, a.date, a.requiredByOrder]),
    ).toEqual([
      [pendingOne.id, asp.id, job.id, addDays(today, 3), false],
      [holder.id, welding.id, job.id, addDays(today, 5), true],
    ]);
    expect(certificates[1]).toMatchObject({
      employee: { firstName: 'Luc' },
      skill: { nameFr: 'Soudeur', nameEn: 'Welder' },
      order: { startsOn: addDays(today, 1), endsOn: addDays(today, 20) },
      client: { id: client.id },
      site: { id: site.id },
    });
    // With 15 days, the ASP card of the confirmed worker is in too.
    const wider = (await alerts(15)).items.filter((a) => a.kind === 'certificate_expiring');
    expect(wider).toHaveLength(3);
  });

  it('counts in the badge exactly what the list shows, for any window', async () => {
    for (const days of [undefined, 0, 3, 7, 15, 30]) {
      const list = await alerts(days);
      expect(list.numberOfAlerts).toBe(list.items.length);
      expect(await badge(days)).toBe(list.items.length);
    }
    expect((await alerts()).items.length).toBeGreaterThan(3);
  });

  it('takes today in Montréal: late in the evening there, the next UTC day is not yet today', async () => {
    // 03:30 UTC on the day after `today` is 22:30 or 23:30 of `today` in Montréal.
    const evening = new Date(`${addDays(today, 1)}T03:30:00Z`);
    const startsToday = await order(today, addDays(today, 1), { workersNeeded: 3 });
    const lastDay = await order(addDays(today, 7), addDays(today, 8), { workersNeeded: 3 });
    const dayAfter = await order(addDays(today, 8), addDays(today, 9), { workersNeeded: 3 });
    const list = await listAlerts(t.db, actor, 7, evening);
    expect(list).toMatchObject({ from: today, to: addDays(today, 7) });
    expect(orderIds(list)).toEqual(expect.arrayContaining([startsToday.id, lastDay.id]));
    expect(orderIds(list)).not.toContain(dayAfter.id);
    expect((await countAlerts(t.db, actor, 7, evening)).numberOfAlerts).toBe(list.items.length);
    // An hour later it is tomorrow in Montréal too: today's order has started, the next one is in.
    const tomorrow = await listAlerts(t.db, actor, 7, new Date(`${addDays(today, 1)}T05:30:00Z`));
    expect(tomorrow.from).toBe(addDays(today, 1));
    expect(orderIds(tomorrow)).not.toContain(startsToday.id);
    expect(orderIds(tomorrow)).toContain(dayAfter.id);
  });

  it('refuses a window that is not a number of days', async () => {
    expect((await call('GET', '/alerts?days=abc')).statusCode).toBe(400);
    expect((await call('GET', '/alerts/notifications?days=-1')).statusCode).toBe(400);
  });
});
