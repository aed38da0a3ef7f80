import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { assignations, auditLog, skills } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

/**
 * "Mes affectations": a worker's own confirmed assignations over two weeks and the offers sent to
 * them, and their answer from the app — the same effect as their SMS reply.
 */
const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
async function ok(method: string, url: string, payload?: unknown, status = 200, as = admin.headers) {
  const response = await call(method, url, payload, as);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

const today = companyToday();
let phoneCounter = 6000;
const newPhone = () => `+1514555${String(++phoneCounter).padStart(4, '0')}`;
let client: { id: string };
let site: { id: string };
let supervisor: { id: string; firstName: string; lastName: string };
let trade: { id: string };

beforeAll(async () => {
  trade = (await t.db.insert(skills).values({ nameFr: 'Manœuvre', nameEn: 'Labourer' }).returning())[0]!;
  client = await ok('POST', '/clients', { name: 'Coffrages Laval' }, 201);
  supervisor = await t.createUser({
    role: 'supervisor',
    passwordHash: null,
    clientId: client.id,
    firstName: 'Luc',
    lastName: 'Dion',
    phone: '+15145559911',
  });
  site = await ok(
    'POST',
    `/clients/${client.id}/sites`,
    {
      name: 'Quai 4',
      street: '12 rue du Port',
      city: 'Lévis',
      postalCode: 'G6V 1A1',
      supervisorIds: [supervisor.id],
    },
    201,
  );
});

async function worker() {
  const user = await t.createEmployee({ phone: newPhone() });
  return t.signIn(user);
}

/** An order on the site from `startsOn` for `days` days; the workers asked (a hard rule overridden). */
async function ask(employeeIds: string[], startsOn: string, days = 3, extra: Record<string, unknown> = {}) {
  const order = await ok(
    'POST',
    '/orders',
    {
      clientId: client.id,
      siteId: site.id,
      supervisorId: supervisor.id,
      workersNeeded: employeeIds.length,
      skills: [{ skillId: trade.id, mandatory: false }],
      startsOn,
      endsOn: addDays(startsOn, days - 1),
      includeWeekends: true,
      dailyStart: '07:00',
      dailyEnd: '15:30',
      ...extra,
    },
    201,
  );
  const outcome = await ok(
    'POST',
    `/orders/${order.id}/assignations`,
    { employeeIds, overrideReason: 'Demandé par le client' },
    201,
  );
  return { order, asks: outcome.created as { id: string; message: { id: string } }[] };
}

const send = (asks: { message: { id: string } }[]) =>
  ok('POST', '/send/sms?pending=true', { messages: asks.map((each) => each.message.id) });

describe('GET /my-assignations', () => {
  it('lists the confirmed ones from today, with where, when and who to call; an offer once it is sent', async () => {
    const me = await worker();
    const confirmed = await ask([me.user.id], today, 20);
    await ok('POST', `/assignations/${confirmed.asks[0]!.id}/answer`, { answer: 'confirmed' });
    const offer = await ask([me.user.id], addDays(today, 30));

    let mine = await ok('GET', '/my-assignations', undefined, 200, me.headers);
    expect(mine.from).toBe(today);
    expect(mine.to).toBe(addDays(today, 13));
    expect(mine.confirmed).toHaveLength(1);
    expect(mine.confirmed[0]).toMatchObject({
      id: confirmed.asks[0]!.id,
      status: 'confirmed',
      dailyStart: '07:00',
      dailyEnd: '15:30',
      client: { name: 'Coffrages Laval' },
      site: { name: 'Quai 4', street: '12 rue du Port', city: 'Lévis', postalCode: 'G6V 1A1' },
      supervisor: { firstName: 'Luc', lastName: 'Dion', phone: '+15145559911' },
    });
    // Every day of the window: the order works on weekends too.
    expect(mine.confirmed[0].days).toHaveLength(14);
    expect(mine.confirmed[0].days[0]).toBe(today);
    // The offer is still a draft the office has not sent: the worker knows nothing of it.
    expect(mine.pending).toEqual([]);

    await send(offer.asks);
    mine = await ok('GET', '/my-assignations', undefined, 200, me.headers);
    expect(mine.pending.map((each: { id: string }) => each.id)).toEqual([offer.asks[0]!.id]);
    expect(mine.pending[0].askedAt).not.toBeNull();
    expect(mine.pending[0].days[0]).toBe(addDays(today, 30));
  });

  it('keeps to weekdays for an order without weekends, and shows nobody else’s', async () => {
    const me = await worker();
    const other = await worker();
    const both = await ask([me.user.id, other.user.id], today, 14, { includeWeekends: false });
    for (const each of both.asks)
      await ok('POST', `/assignations/${each.id}/answer`, { answer: 'confirmed' });

    const mine = await ok('GET', '/my-assignations', undefined, 200, me.headers);
    expect(mine.confirmed).toHaveLength(1);
    const weekdays = mine.confirmed[0].days.map((day: string) => new Date(`${day}T00:00:00Z`).getUTCDay());
    expect(weekdays).not.toContain(0);
    expect(weekdays).not.toContain(6);
    expect(mine.confirmed[0].days).toHaveLength(10);
  });
});

describe('POST /my-assignations/:id/answer', () => {
  it('accepts an offer as an SMS OUI would: confirmed, answered from the app, on the order’s timeline', async () => {
    const me = await worker();
    const offer = await ask([me.user.id], addDays(today, 2));
    await send(offer.asks);
    const id = offer.asks[0]!.id;

    const mine = await ok('POST', `/my-assignations/${id}/answer`, { answer: 'confirmed' }, 200, me.headers);
    expect(mine.pending).toEqual([]);
    expect(mine.confirmed.map((each: { id: string }) => each.id)).toEqual([id]);
    const [row] = await t.db.select().from(assignations).where(eq(assignations.id, id));
    expect(row).toMatchObject({ status: 'confirmed', answeredBy: 'app' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, offer.order.id));
    expect(audit.find((each) => each.action === 'assignation.confirm')).toMatchObject({
      actorId: me.user.id,
    });
    const order = await ok('GET', `/orders/${offer.order.id}`);
    expect(order.assignations[0]).toMatchObject({ status: 'confirmed', answeredBy: 'app' });

    // Once answered it is closed: a second tap changes nothing.
    const again = await call('POST', `/my-assignations/${id}/answer`, { answer: 'declined' }, me.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ASSIGNATION_CLOSED');
  });

  it('declines an offer: the place is free again', async () => {
    const me = await worker();
    const offer = await ask([me.user.id], addDays(today, 3));
    await send(offer.asks);
    const mine = await ok(
      'POST',
      `/my-assignations/${offer.asks[0]!.id}/answer`,
      { answer: 'declined' },
      200,
      me.headers,
    );
    expect(mine.pending).toEqual([]);
    expect(mine.confirmed).toEqual([]);
    const order = await ok('GET', `/orders/${offer.order.id}`);
    expect(order.assignations.find((each: { id: string }) => each.id === offer.asks[0]!.id).status).toBe(
      'declined',
    );
  });

  it('is "not found" for another worker’s offer and for an offer not sent yet', async () => {
    const me = await worker();
    const other = await worker();
    const offer = await ask([other.user.id], addDays(today, 4));
    const draft = await call(
      'POST',
      `/my-assignations/${offer.asks[0]!.id}/answer`,
      { answer: 'confirmed' },
      other.headers,
    );
    expect(draft.statusCode).toBe(404);
    await send(offer.asks);
    const theirs = await call(
      'POST',
      `/my-assignations/${offer.asks[0]!.id}/answer`,
      { answer: 'confirmed' },
      me.headers,
    );
    expect(theirs.statusCode).toBe(404);
    const [row] = await t.db.select().from(assignations).where(eq(assignations.id, offer.asks[0]!.id));
    expect(row?.status).toBe('pending');
  });
});
