import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { assignations, auditLog, orders, skills } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

/** The overview wall: coverage by site and day, who is on site today, tomorrow's unconfirmed, bubbles. */
const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
async function ok(method: string, url: string, payload?: unknown, status = 200) {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return status === 204 ? null : response.json();
}
const events: { event: string; payload: unknown }[] = [];
t.app.deps.realtime.listen((event, payload) => events.push({ event, payload }));

const today = companyToday();
let site: { id: string };
let skill: { id: string };
let client: { id: string };

beforeAll(async () => {
  client = await ok('POST', '/clients', { name: 'Groupe Overview' }, 201);
  const supervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: client.id });
  site = await ok(
    'POST',
    `/clients/${client.id}/sites`,
    { name: 'Chantier du Mur', supervisorIds: [supervisor.id] },
    201,
  );
  skill = (
    await t.db.insert(skills).values({ nameFr: 'Grutier', nameEn: 'Crane operator' }).returning()
  )[0] as {
    id: string;
  };
});

async function order(startsOn: string, endsOn: string, extra: Record<string, unknown> = {}) {
  return ok(
    'POST',
    '/orders',
    {
      clientId: client.id,
      siteId: site.id,
      skills: [{ skillId: skill.id, mandatory: false }],
      workersNeeded: 4,
      startsOn,
      endsOn,
      dailyStart: '07:00',
      dailyEnd: '15:00',
      ...extra,
    },
    201,
  );
}

/** A worker on the order in the given state (as matching writes it). */
async function worker(orderId: string, status: 'pending' | 'confirmed') {
  const person = await t.createEmployee({ passwordHash: null, firstName: 'Zoé', lastName: `Wall ${status}` });
  await t.db.insert(assignations).values({ orderId, employeeId: person.id, status });
  return person;
}

describe('the overview', () => {
  it('shows each site with its orders’ coverage on the days they work, and who is on site today', async () => {
    const running = await order(today, addDays(today, 2), { includeWeekends: true });
    // Started yesterday in the past: written straight in (an order cannot start in the past).
    const weekdays = await order(addDays(today, 1), addDays(today, 9));
    await t.db
      .update(orders)
      .set({ startsOn: addDays(today, -1) })
      .where(eq(orders.id, running.id));
    await worker(running.id, 'confirmed');
    await worker(running.id, 'pending');
    const tomorrowPending = await worker(weekdays.id, 'pending');
    const cancelled = await order(addDays(today, 2), addDays(today, 2));
    await ok('POST', `/orders/${cancelled.id}/cancel`, { reason: null });

    const wall = await ok('GET', '/overview?days=7');
    expect(wall.days).toHaveLength(7);
    expect(wall.days[0]).toBe(today);
    const entry = wall.sites.find((each: { site: { id: string } }) => each.site.id === site.id);
    expect(entry.client.name).toBe('Groupe Overview');
    const ids = entry.orders.map((each: { id: string }) => each.id);
    expect(ids).toContain(running.id);
    expect(ids).toContain(weekdays.id);
    expect(ids).not.toContain(cancelled.id);
    const shown = entry.orders.find((each: { id: string }) => each.id === running.id);
    expect(shown).toMatchObject({
      workersNeeded: 4,
      confirmed: 1,
      pending: 1,
      skills: [{ nameFr: 'Grutier' }],
    });
    expect(shown.days).toEqual([today, addDays(today, 1), addDays(today, 2)]);
    // A weekdays-only order is not shown working on Saturdays and Sundays.
    const weekdayDays: string[] = entry.orders.find((each: { id: string }) => each.id === weekdays.id).days;
    for (const day of weekdayDays) expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
    // One worker confirmed on today's work here (counted, not named: the site's map page names them).
    expect(entry.onSiteToday).toBe(1);
    // Tomorrow's start with a worker still pending is flagged.
    expect(
      wall.tomorrowUnconfirmed.find(
        (each: { employee: { id: string } }) => each.employee.id === tomorrowPending.id,
      ),
    ).toMatchObject({ orderId: weekdays.id, siteName: 'Chantier du Mur', dailyStart: '07:00' });
  });

  it('pins bubbles to a site, an order or a day; validates, audits and tells every wall', async () => {
    const pinned = await order(addDays(today, 3), addDays(today, 4));
    events.length = 0;
    const day = await ok(
      'POST',
      '/overview/comments',
      { title: 'Livraison de la grue', day: addDays(today, 1) },
      201,
    );
    expect(day).toMatchObject({
      title: 'Livraison de la grue',
      day: addDays(today, 1),
      author: { id: admin.user.id },
    });
    expect(events).toEqual([{ event: 'changed', payload: { resources: ['overview'] } }]);
    await ok('POST', '/overview/comments', { title: 'Accès par la rue Ontario', siteId: site.id }, 201);
    await ok(
      'POST',
      '/overview/comments',
      { title: 'Le client rappelle', body: 'Après 15 h', orderId: pinned.id },
      201,
    );
    const wall = await ok('GET', '/overview');
    expect(wall.comments.map((each: { title: string }) => each.title)).toEqual(
      expect.arrayContaining(['Livraison de la grue', 'Accès par la rue Ontario', 'Le client rappelle']),
    );

    const fieldsOf = async (body: unknown) =>
      ((await call('POST', '/overview/comments', body)).json().details?.fields ?? []).map(
        (field: { path: string; message: string; code: string }) =>
          `${field.path}:${field.code === 'too_big' ? 'too_big' : field.message}`,
      );
    expect(await fieldsOf({ title: 'x'.repeat(61), day: today })).toContain('title:too_big');
    expect(await fieldsOf({ title: '  ', day: today })).toContain('title:required');
    expect(await fieldsOf({ title: 'Deux', day: today, siteId: site.id })).toContain('siteId:one_pin');
    expect(await fieldsOf({ title: 'Aucun' })).toContain('siteId:one_pin');
    expect(await fieldsOf({ title: 'Inconnu', orderId: crypto.randomUUID() })).toContain('orderId:not_found');

    const edited = await ok('PUT', `/overview/comments/${day.id}`, { title: 'Grue : lundi 7 h', body: null });
    expect(edited).toMatchObject({ title: 'Grue : lundi 7 h', day: addDays(today, 1) });
    await ok('DELETE', `/overview/comments/${day.id}`, undefined, 204);
    expect((await call('DELETE', `/overview/comments/${day.id}`)).statusCode).toBe(404);
    const trail = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'overview_comment'), eq(auditLog.entityId, day.id)));
    expect(trail.map((row) => row.action)).toEqual([
      'overview_comment.create',
      'overview_comment.update',
      'overview_comment.delete',
    ]);
  });
});
