import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { changeOf } from '../../../test/changes.ts';
import { replyTable } from '../../../test/replies.ts';
import {
  auditLog,
  employeeSkills,
  employees,
  messages,
  outbox,
  sites,
  skills,
  users,
} from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { twilioSignature, webhookSigningKey } from '../messages/index.ts';

/**
 * Assignations: asked from the matching screen (pending, with a pending Assignation SMS in the
 * worker's language), answered by the worker's SMS reply through the inbound webhook (outbox
 * driver) or by the office, cancelled, replaced; the order's changes reach the workers.
 */
const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
async function ok(method: string, url: string, payload?: unknown, status = 200) {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const events: { event: string; payload: unknown }[] = [];
t.app.deps.realtime.listen((event, payload) => events.push({ event, payload }));

const today = companyToday();
let phoneCounter = 3000;
const newPhone = () => `+1514555${String(++phoneCounter).padStart(4, '0')}`;
let client: { id: string };
let site: { id: string };
let supervisor: { id: string };
let carpentry: { id: string };

beforeAll(async () => {
  client = (await call('POST', '/clients', { name: 'Construction Bérubé' })).json();
  supervisor = await t.createUser({
    role: 'supervisor',
    passwordHash: null,
    clientId: client.id,
    firstName: 'Marc',
    lastName: 'Tremblay',
  });
  site = await ok(
    'POST',
    `/clients/${client.id}/sites`,
    {
      name: 'Tour Deschamps',
      street: '1200 rue Peel',
      city: 'Montréal',
      supervisorIds: [supervisor.id],
    },
    201,
  );
  carpentry = (
    await t.db.insert(skills).values({ nameFr: 'Charpentier-menuisier', nameEn: 'Carpenter' }).returning()
  )[0] as { id: string };
});

/** A carpenter (holds the order's mandatory skill), texted in `language`. */
async function carpenter(language: 'fr' | 'en' = 'fr', extra: { phone?: string | null } = {}) {
  const person = await t.createEmployee({ passwordHash: null, phone: newPhone(), language, ...extra });
  await t.db.insert(employeeSkills).values({ employeeId: person.id, skillId: carpentry.id });
  return person;
}

async function newOrder(extra: Record<string, unknown> = {}) {
  return ok(
    'POST',
    '/orders',
    {
      clientId: client.id,
      siteId: site.id,
      supervisorId: supervisor.id,
      skills: [{ skillId: carpentry.id, mandatory: true }],
      workersNeeded: 3,
      startsOn: addDays(today, 7),
      endsOn: addDays(today, 9),
      includeWeekends: true,
      dailyStart: '07:00',
      dailyEnd: '15:30',
      ...extra,
    },
    201,
  );
}

const messageOf = async (id: string) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0];
const askIdOf = async (orderId: string, employeeId: string) => {
  const order = await ok('GET', `/orders/${orderId}`);
  return order.assignations.find(
    (each: { employee: { id: string }; status: string }) =>
      each.employee.id === employeeId && (each.status === 'pending' || each.status === 'confirmed'),
  );
};

/** Sends the pending asks, as the office does from the communications screens. */
async function sendAsks(orderId: string) {
  const order = await ok('GET', `/orders/${orderId}`);
  const ids = order.assignations
    .filter((each: { message: { status: string } | null }) => each.message?.status === 'pending')
    .map((each: { message: { id: string } }) => each.message.id);
  await ok('POST', '/send/sms?pending=true', { messages: ids });
}

/** An SMS from `from`, through the inbound webhook, signed as `npm run sms:receive` signs it. */
let sid = 0;
async function reply(from: string, body: string) {
  const params = { MessageSid: `SMtest${++sid}`, From: from, To: '+15145550000', Body: body };
  const key = webhookSigningKey(t.config, t.jwtSecret) as string;
  const url = `${t.config.PUBLIC_URL}/api/webhooks/twilio/sms`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/sms',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(key, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('assigning workers', () => {
  it('asks N workers: N pending assignations, each with a pending SMS in their language, on the timeline', async () => {
    const order = await newOrder();
    const [french, english, other] = [await carpenter('fr'), await carpenter('en'), await carpenter('fr')];
    events.length = 0;
    const { created } = await ok(
      'POST',
      `/orders/${order.id}/assignations`,
      { employeeIds: [french.id, english.id, other.id] },
      201,
    );
    expect(created).toHaveLength(3);
    expect(created.every((each: { status: string }) => each.status === 'pending')).toBe(true);
    const frenchAsk = created.find((each: { employee: { id: string } }) => each.employee.id === french.id);
    const englishAsk = created.find((each: { employee: { id: string } }) => each.employee.id === english.id);
    expect(frenchAsk.message.status).toBe('pending');
    const fr = await messageOf(frenchAsk.message.id);
    expect(fr).toMatchObject({ type: 'Assignation', language: 'fr', status: 'pending', phone: french.phone });
    expect(fr?.body).toContain('Tour Deschamps');
    expect(fr?.body).toContain('1200 rue Peel, Montréal');
    expect(fr?.body).toContain('de 7 h à 15 h 30');
    expect(fr?.body).toContain('Superviseur : Marc Tremblay');
    expect(fr?.body).toContain('Répondez OUI ou NON.');
    const en = await messageOf(englishAsk.message.id);
    expect(en).toMatchObject({ language: 'en' });
    expect(en?.body).toContain('7 AM to 3:30 PM');
    expect(en?.body).toContain('Reply YES or NO.');

    const detail = await ok('GET', `/orders/${order.id}`);
    expect(detail).toMatchObject({ pending: 3, confirmed: 0, status: 'open' });
    // One event for the write: what the tab that asked refreshes, every admin's tab refreshes.
    expect(events).toEqual([changeOf('POST /orders/:id/assignations')]);
    const timeline = await ok('GET', `/orders/${order.id}/timeline`);
    expect(timeline.items.map((each: { action: string }) => each.action)).toEqual([
      'order.create',
      'assignation.create',
      'assignation.create',
      'assignation.create',
    ]);
    expect(timeline.items[1]).toMatchObject({ actor: { id: admin.user.id }, details: { status: 'pending' } });
  });

  it('refuses a worker a hard rule leaves out, unless the office writes why (audited); all or nothing', async () => {
    const order = await newOrder();
    const fits = await carpenter();
    const noSkill = await t.createEmployee({ passwordHash: null, phone: newPhone() });
    const refused = await call('POST', `/orders/${order.id}/assignations`, {
      employeeIds: [fits.id, noSkill.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ASSIGNATION_EXCLUDED',
      details: { employeeId: noSkill.id, exclusion: { code: 'missing_skill', skillId: carpentry.id } },
    });
    // Nothing half-done: neither assignation nor message.
    expect((await ok('GET', `/orders/${order.id}`)).assignations).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(messages)
        .where(eq(messages.phone, fits.phone as string)),
    ).toHaveLength(0);

    const short = await call('POST', `/orders/${order.id}/assignations`, {
      employeeIds: [noSkill.id],
      overrideReason: 'ok',
    });
    expect(short.statusCode).toBe(400);
    const overridden = await ok(
      'POST',
      `/orders/${order.id}/assignations`,
      { employeeIds: [noSkill.id], overrideReason: 'Le client le demande par son nom' },
      201,
    );
    expect(overridden.created[0]).toMatchObject({ overrideReason: 'Le client le demande par son nom' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'assignation.create')));
    expect(audit?.after).toMatchObject({
      overriddenRule: { code: 'missing_skill' },
      overrideReason: 'Le client le demande par son nom',
    });
  });

  it('refuses a worker afraid of heights for an order at height, with the rule', async () => {
    const order = await newOrder({ heightMetres: 12, startsOn: today, endsOn: addDays(today, 1) });
    const afraid = await carpenter();
    await t.db.update(employees).set({ fearOfHeights: true }).where(eq(employees.userId, afraid.id));
    const refused = await call('POST', `/orders/${order.id}/assignations`, { employeeIds: [afraid.id] });
    expect(refused.json()).toMatchObject({
      code: 'ASSIGNATION_EXCLUDED',
      details: { exclusion: { code: 'fear_of_heights', heightMetres: 12 } },
    });
  });

  it('refuses more workers than the order needs, the same worker twice, an archived one, a cancelled order', async () => {
    const order = await newOrder({ workersNeeded: 1 });
    const [a, b] = [await carpenter(), await carpenter()];
    const full = await call('POST', `/orders/${order.id}/assignations`, { employeeIds: [a.id, b.id] });
    expect(full.json()).toMatchObject({ code: 'ORDER_FULL', details: { workersNeeded: 1 } });
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [a.id] }, 201);
    const twice = await call('POST', `/orders/${order.id}/assignations`, { employeeIds: [a.id] });
    expect(twice.json()).toMatchObject({
      code: 'ASSIGNATION_EXCLUDED',
      details: { exclusion: { code: 'assigned' } },
    });

    const bigger = await newOrder();
    const archived = await carpenter('fr');
    await t.db.update(users).set({ active: false }).where(eq(users.id, archived.id));
    const gone = await call('POST', `/orders/${bigger.id}/assignations`, { employeeIds: [archived.id] });
    expect(gone.json()).toMatchObject({
      code: 'ASSIGNATION_EXCLUDED',
      details: { exclusion: { code: 'archived' } },
    });

    await ok('POST', `/orders/${bigger.id}/cancel`, { reason: null });
    const cancelled = await call('POST', `/orders/${bigger.id}/assignations`, { employeeIds: [b.id] });
    expect(cancelled.json().code).toBe('ORDER_CANCELLED');
  });
});

describe('answers', () => {
  it('an SMS OUI confirms the oldest assignation asked by SMS, answers in their language, needs no one', async () => {
    const first = await newOrder();
    const second = await newOrder({ startsOn: addDays(today, 20), endsOn: addDays(today, 20) });
    const worker = await carpenter('en');
    await ok('POST', `/orders/${first.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await ok('POST', `/orders/${second.id}/assignations`, { employeeIds: [worker.id] }, 201);
    // Not sent yet: an OUI answers nothing (the worker was never asked), it stays for a person.
    await reply(worker.phone as string, 'OUI');
    expect((await askIdOf(first.id, worker.id)).status).toBe('pending');
    await sendAsks(first.id);
    await sendAsks(second.id);
    events.length = 0;
    await reply(worker.phone as string, 'yes');
    const confirmed = await askIdOf(first.id, worker.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', answeredBy: 'sms' });
    expect((await askIdOf(second.id, worker.id)).status).toBe('pending');
    // The text arrived (spec §7), and the admins' tabs refresh what the office's confirmation would.
    expect(events.map((each) => each.event)).toEqual(['new_message', 'changed']);
    expect(events[1]).toEqual(changeOf('POST /assignations/:id/answer', 'POST /webhooks/twilio/sms'));
    const sentBack = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phone, worker.phone as string), eq(messages.direction, 'out')));
    expect(sentBack.find((each) => each.body.startsWith('Thank you, you are confirmed'))).toMatchObject({
      status: 'queued',
      language: 'en',
    });
    // The OUI was handled: it is not counted unread (the first, unanswered one is).
    const [inbound] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phone, worker.phone as string), eq(messages.body, 'yes')));
    expect(inbound?.seenAt).not.toBeNull();
    const timeline = await ok('GET', `/orders/${first.id}/timeline`);
    expect(timeline.items.at(-1)).toMatchObject({
      action: 'assignation.confirm',
      actor: null,
      details: { answeredBy: 'sms' },
    });
  });

  it('an SMS NON declines, frees the place and asks the next-ranked candidate (pending, for the office)', async () => {
    const order = await newOrder({ workersNeeded: 1 });
    const [worker, next] = [await carpenter('fr'), await carpenter('fr')];
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await sendAsks(order.id);
    await reply(worker.phone as string, 'Non');
    const after = await ok('GET', `/orders/${order.id}`);
    const declined = after.assignations.find(
      (each: { employee: { id: string } }) => each.employee.id === worker.id,
    );
    expect(declined.status).toBe('declined');
    const proposed = after.assignations.filter((each: { status: string }) => each.status === 'pending');
    expect(proposed).toHaveLength(1);
    expect(proposed[0].employee.id).not.toBe(worker.id);
    expect(proposed[0].message.status).toBe('pending');
    void next;
    const timeline = await ok('GET', `/orders/${order.id}/timeline`);
    expect(timeline.items.map((each: { action: string }) => each.action)).toContain('assignation.propose');
  });

  it('anything else stays in the conversation for a person, the assignation untouched', async () => {
    const order = await newOrder();
    const worker = await carpenter();
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await sendAsks(order.id);
    await reply(worker.phone as string, 'Peut-être, je dois vérifier');
    expect((await askIdOf(order.id, worker.id)).status).toBe('pending');
    const [inbound] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phone, worker.phone as string), eq(messages.direction, 'in')));
    expect(inbound).toMatchObject({ seenAt: null, replyStatus: 'to_handle' });
  });

  it('the office confirms or declines by hand; a confirmation that would double-book is refused', async () => {
    const worker = await carpenter();
    const morning = await newOrder();
    const overlapping = await newOrder({ startsOn: addDays(today, 8), endsOn: addDays(today, 8) });
    await ok('POST', `/orders/${morning.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await ok('POST', `/orders/${overlapping.id}/assignations`, { employeeIds: [worker.id] }, 201);
    const first = await askIdOf(morning.id, worker.id);
    expect(await ok('POST', `/assignations/${first.id}/answer`, { answer: 'confirmed' })).toMatchObject({
      status: 'confirmed',
      answeredBy: 'office',
    });
    const second = await askIdOf(overlapping.id, worker.id);
    const doubled = await call('POST', `/assignations/${second.id}/answer`, { answer: 'confirmed' });
    expect(doubled.json()).toMatchObject({
      code: 'ASSIGNATION_EXCLUDED',
      details: { exclusion: { code: 'booked', orderId: morning.id } },
    });
    const again = await call('POST', `/assignations/${first.id}/answer`, { answer: 'declined' });
    expect(again.json()).toMatchObject({ code: 'ASSIGNATION_CLOSED', details: { status: 'confirmed' } });
  });

  it('confirms several at once, skipping those no longer pending', async () => {
    const order = await newOrder();
    const [a, b] = [await carpenter(), await carpenter()];
    const { created } = await ok(
      'POST',
      `/orders/${order.id}/assignations`,
      { employeeIds: [a.id, b.id] },
      201,
    );
    await ok('POST', `/assignations/${created[1].id}/cancel`, { reason: 'Plus disponible' });
    const outcome = await ok('POST', '/assignations/confirm', {
      ids: created.map((each: { id: string }) => each.id),
    });
    expect(outcome).toEqual({
      confirmed: [created[0].id],
      skipped: [{ id: created[1].id, status: 'cancelled' }],
    });
  });
});

/** The worker's reply in the Assignation thread, as the thread shows it (newest first). */
async function lastReplyOf(worker: { phone: string | null }) {
  const [row] = await t.db
    .select()
    .from(messages)
    .where(and(eq(messages.phone, worker.phone as string), eq(messages.direction, 'in')))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row as NonNullable<typeof row>;
}
const conversationOfReply = async (worker: { phone: string | null }) =>
  (await lastReplyOf(worker)).conversationId;

describe('replies in their own words', () => {
  it('applies the replies of the table through the inbound webhook: confirmed, declined, or left to handle', async () => {
    // One in three (the parser's test reads them all): a decline asks the next candidate, which
    // costs a ranking each; 24 replies of all three outcomes show the outcome applied.
    const table = replyTable.filter(([body], index) => body !== '' && index % 3 === 0);
    expect(new Set(table.map(([, outcome]) => outcome)).size).toBe(3);
    const order = await newOrder({ workersNeeded: table.length });
    const workers = await Promise.all(table.map((_, index) => carpenter(index % 3 === 0 ? 'en' : 'fr')));
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: workers.map((w) => w.id) }, 201);
    await sendAsks(order.id);
    for (const [index, [body]] of table.entries()) await reply(workers[index]?.phone as string, body);

    const after = await ok('GET', `/orders/${order.id}`);
    const outcomes = [];
    for (const [index, [body]] of table.entries()) {
      const worker = workers[index] as (typeof workers)[number];
      const assignation = after.assignations.find(
        (each: { employee: { id: string } }) => each.employee.id === worker.id,
      );
      const inbound = await lastReplyOf(worker);
      outcomes.push([body, assignation.status, inbound.replyStatus, inbound.seenAt === null]);
    }
    expect(outcomes).toEqual(
      table.map(([body, outcome]) =>
        outcome === 'to handle' ? [body, 'pending', 'to_handle', true] : [body, outcome, outcome, false],
      ),
    );
  });

  it('a reply with nothing to answer, or an OUI that would double-book, is left to handle and counted', async () => {
    const before = await ok('GET', '/messages/unseen');
    const idle = await carpenter();
    await ok('POST', '/send/sms', {
      messages: { type: 'Assignation', recipients: { userIds: [idle.id] }, texts: { fr: 'Bonjour' } },
    });
    await reply(idle.phone as string, 'Oui merci');
    expect(await lastReplyOf(idle)).toMatchObject({ replyStatus: 'to_handle', seenAt: null });

    const worker = await carpenter();
    const first = await newOrder();
    const overlapping = await newOrder({ startsOn: addDays(today, 8), endsOn: addDays(today, 8) });
    await ok('POST', `/orders/${overlapping.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await sendAsks(overlapping.id);
    await ok('POST', `/orders/${first.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await ok('POST', `/assignations/${(await askIdOf(first.id, worker.id)).id}/answer`, {
      answer: 'confirmed',
    });
    await reply(worker.phone as string, 'Oui je serai là');
    expect((await askIdOf(overlapping.id, worker.id)).status).toBe('pending');
    expect(await lastReplyOf(worker)).toMatchObject({ replyStatus: 'to_handle' });

    const after = await ok('GET', '/messages/unseen');
    expect(after.counts.Assignation).toBe(before.counts.Assignation + 2);
    expect(after.toHandle).toBe(before.toHandle + 2);
    // Read, they still wait for the office: the badge keeps them, the list shows them first.
    const conversation = await conversationOfReply(idle);
    const seen = await ok('PUT', `/conversations/${conversation}`);
    expect(seen.counts.Assignation).toBe(before.counts.Assignation + 2);
    const list = await ok('GET', '/conversations?type=Assignation&sort=unread&pageSize=200');
    const waiting = list.items.filter(
      (each: { unseenCount: number; toHandleCount: number }) =>
        each.unseenCount > 0 || each.toHandleCount > 0,
    );
    expect(list.items.slice(0, waiting.length)).toEqual(waiting);
    expect(waiting.find((each: { id: string }) => each.id === conversation)).toMatchObject({
      unseenCount: 0,
      toHandleCount: 1,
    });
  });

  it('the office confirms from a reply to handle: the reply is handled, the worker told, every badge drops', async () => {
    const order = await newOrder();
    const worker = await carpenter();
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await sendAsks(order.id);
    await reply(worker.phone as string, 'Ok mais c’est où exactement');
    const waiting = await lastReplyOf(worker);
    expect(waiting.replyStatus).toBe('to_handle');
    const assignation = await askIdOf(order.id, worker.id);

    // Someone else's reply cannot answer this worker's assignation.
    const other = await carpenter();
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [other.id] }, 201);
    await sendAsks(order.id);
    await reply(other.phone as string, 'Peut-être');
    const mixed = await call('POST', `/assignations/${assignation.id}/answer`, {
      answer: 'confirmed',
      replyId: (await lastReplyOf(other)).id,
    });
    expect(mixed.json()).toMatchObject({ code: 'REPLY_OTHER_WORKER' });
    expect((await askIdOf(order.id, worker.id)).status).toBe('pending');

    const before = await ok('GET', '/messages/unseen');
    events.length = 0;
    const answered = await ok('POST', `/assignations/${assignation.id}/answer`, {
      answer: 'confirmed',
      replyId: waiting.id,
    });
    expect(answered).toMatchObject({ status: 'confirmed', answeredBy: 'office' });
    const thread = await ok('GET', `/conversations/${waiting.conversationId}`);
    const handled = thread.messages.find((each: { id: string }) => each.id === waiting.id);
    expect(handled.reply).toMatchObject({
      status: 'confirmed',
      handledBy: { id: admin.user.id },
    });
    expect(handled.seenAt).not.toBeNull();
    expect(thread.conversation).toMatchObject({ toHandleCount: 0, unseenCount: 0 });
    // They wrote, they are told (in French), as when their reply is read by itself.
    expect(thread.messages[0]).toMatchObject({ direction: 'out', status: 'queued' });
    expect(thread.messages[0].body).toContain("Merci, c'est confirmé");
    const after = await ok('GET', '/messages/unseen');
    expect(after.counts.Assignation).toBe(before.counts.Assignation - 1);
    expect(after.toHandle).toBe(before.toHandle - 1);
    expect(events).toEqual([changeOf('POST /assignations/:id/answer')]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'assignation.confirm')));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      after: { assignationId: assignation.id, answeredBy: 'office', replyId: waiting.id },
    });

    // Handled once: a second click (another admin's) is refused, nothing changes twice.
    const again = await call('POST', `/assignations/${assignation.id}/answer`, {
      answer: 'declined',
      replyId: waiting.id,
    });
    expect(again.json()).toMatchObject({ code: 'REPLY_NOT_TO_HANDLE' });
  });

  it('the office declines from a reply: the place is offered to the next candidate', async () => {
    const order = await newOrder({ workersNeeded: 1 });
    const worker = await carpenter('en');
    await carpenter('en');
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [worker.id] }, 201);
    await sendAsks(order.id);
    await reply(worker.phone as string, 'I have a dentist appointment that day');
    const waiting = await lastReplyOf(worker);
    const assignation = await askIdOf(order.id, worker.id);
    await ok('POST', `/assignations/${assignation.id}/answer`, { answer: 'declined', replyId: waiting.id });
    expect((await lastReplyOf(worker)).replyStatus).toBe('declined');
    const after = await ok('GET', `/orders/${order.id}`);
    expect(after.assignations.filter((each: { status: string }) => each.status === 'pending')).toHaveLength(
      1,
    );
    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phone, worker.phone as string), eq(messages.direction, 'out')))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    expect(told[0]?.body).toContain('Thank you for your answer');
  });

  it('a reply with nothing to do is dismissed: handled for every admin, once', async () => {
    const worker = await carpenter();
    await ok('POST', '/send/sms', {
      messages: { type: 'Assignation', recipients: { userIds: [worker.id] }, texts: { fr: 'Merci!' } },
    });
    await reply(worker.phone as string, 'Merci à vous 🙏');
    const waiting = await lastReplyOf(worker);
    const before = await ok('GET', '/messages/unseen');
    events.length = 0;
    const dismissed = await ok('POST', `/messages/${waiting.id}/dismiss`);
    expect(dismissed.reply).toMatchObject({ status: 'dismissed', handledBy: { id: admin.user.id } });
    const after = await ok('GET', '/messages/unseen');
    expect(after.counts.Assignation).toBe(before.counts.Assignation - 1);
    expect(events).toEqual([changeOf('POST /messages/:id/dismiss')]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, waiting.id), eq(auditLog.action, 'message.dismiss')));
    expect(audit?.actorId).toBe(admin.user.id);

    expect((await call('POST', `/messages/${waiting.id}/dismiss`)).json()).toMatchObject({
      code: 'REPLY_NOT_TO_HANDLE',
      details: { replyStatus: 'dismissed' },
    });
    // An outbound message is no reply; an unknown id is not found; neither answers 500.
    const [sent] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phone, worker.phone as string), eq(messages.direction, 'out')));
    expect((await call('POST', `/messages/${sent?.id}/dismiss`)).statusCode).toBe(404);
    expect((await call('POST', `/messages/${crypto.randomUUID()}/dismiss`)).statusCode).toBe(404);
    expect((await call('POST', '/messages/not-an-id/dismiss')).statusCode).toBe(400);
  });
});

describe('changes that reach the workers', () => {
  it('cancelling an assignation deletes its unsent SMS, or tells a worker already asked', async () => {
    const order = await newOrder();
    const [unsent, asked] = [await carpenter(), await carpenter()];
    const { created } = await ok(
      'POST',
      `/orders/${order.id}/assignations`,
      { employeeIds: [unsent.id] },
      201,
    );
    await ok('POST', `/assignations/${created[0].id}/cancel`, { reason: null });
    expect(await messageOf(created[0].message.id)).toBeUndefined();

    const second = await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [asked.id] }, 201);
    await sendAsks(order.id);
    await ok('POST', `/assignations/${second.created[0].id}/cancel`, { reason: null });
    const notices = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phone, asked.phone as string), eq(messages.status, 'queued')));
    expect(notices.map((each) => each.body).join('\n')).toContain('est annulé');
  });

  it('cancelling the order cancels its assignations and queues the notices', async () => {
    const order = await newOrder();
    const [unsent, asked] = [await carpenter(), await carpenter('en')];
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [asked.id] }, 201);
    await sendAsks(order.id);
    const { created } = await ok(
      'POST',
      `/orders/${order.id}/assignations`,
      { employeeIds: [unsent.id] },
      201,
    );
    const cancelled = await ok('POST', `/orders/${order.id}/cancel`, { reason: 'Chantier reporté' });
    expect(cancelled.assignations.every((each: { status: string }) => each.status === 'cancelled')).toBe(
      true,
    );
    expect(await messageOf(created[0].message.id)).toBeUndefined();
    const notice = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, asked.phone as string));
    expect(notice.map((each) => each.body).join('\n')).toContain('is cancelled');
  });

  it('moving the dates rewrites the unsent asks and tells those already asked', async () => {
    const order = await newOrder();
    const [unsent, asked] = [await carpenter(), await carpenter()];
    await ok('POST', `/orders/${order.id}/assignations`, { employeeIds: [asked.id] }, 201);
    await sendAsks(order.id);
    const { created } = await ok(
      'POST',
      `/orders/${order.id}/assignations`,
      { employeeIds: [unsent.id] },
      201,
    );
    const before = (await messageOf(created[0].message.id))?.body;
    const {
      id,
      status,
      confirmed,
      pending,
      client: c,
      site: s,
      supervisor: sup,
      skills: sk,
      tools,
      assignations,
      createdAt,
      updatedAt,
      cancelledAt,
      cancelReason,
      ...rest
    } = await ok('GET', `/orders/${order.id}`);
    void [
      id,
      status,
      confirmed,
      pending,
      tools,
      assignations,
      createdAt,
      updatedAt,
      cancelledAt,
      cancelReason,
    ];
    await ok('PUT', `/orders/${order.id}`, {
      ...rest,
      clientId: c.id,
      siteId: s.id,
      supervisorId: sup.id,
      skills: sk.map((each: { skillId: string; mandatory: boolean }) => ({
        skillId: each.skillId,
        mandatory: each.mandatory,
      })),
      toolIds: [],
      dailyStart: '08:00',
    });
    const after = (await messageOf(created[0].message.id))?.body;
    expect(after).not.toBe(before);
    expect(after).toContain('de 8 h à 15 h 30');
    const notices = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phone, asked.phone as string), eq(messages.status, 'queued')));
    expect(notices.map((each) => each.body).join('\n')).toContain('changement pour');
  });

  it('replacing keeps the old one in the history and asks the new worker', async () => {
    const order = await newOrder();
    const [first, second] = [await carpenter(), await carpenter()];
    const { created } = await ok(
      'POST',
      `/orders/${order.id}/assignations`,
      { employeeIds: [first.id] },
      201,
    );
    const replacement = await ok(
      'POST',
      `/assignations/${created[0].id}/replace`,
      { employeeId: second.id },
      201,
    );
    expect(replacement).toMatchObject({ status: 'pending', employee: { id: second.id } });
    const detail = await ok('GET', `/orders/${order.id}`);
    expect(
      detail.assignations.map((each: { employee: { id: string }; status: string }) => [
        each.employee.id,
        each.status,
      ]),
    ).toEqual([
      [second.id, 'pending'],
      [first.id, 'replaced'],
    ]);
    const list = await ok('GET', `/assignations?orderId=${order.id}`);
    expect(list.items.map((each: { employee: { id: string } }) => each.employee.id)).toEqual([second.id]);
    expect(list.items[0]).toMatchObject({
      site: { name: 'Tour Deschamps' },
      client: { name: 'Construction Bérubé' },
    });
  });
});

describe('ranking by distance', () => {
  it('ranks the worker who lives nearer the site first, and says how far, when both are placed', async () => {
    await t.db.update(sites).set({ latitude: 45.5017, longitude: -73.5673 }).where(eq(sites.id, site.id));
    const order = await newOrder();
    const [near, far] = [await carpenter(), await carpenter()];
    await t.db
      .update(employees)
      .set({ latitude: 45.52, longitude: -73.58 })
      .where(eq(employees.userId, near.id));
    await t.db
      .update(employees)
      .set({ latitude: 46.81, longitude: -71.21 })
      .where(eq(employees.userId, far.id));
    const { items } = await ok('GET', `/orders/${order.id}/candidates?limit=500`);
    const rank = (id: string) =>
      items.findIndex((each: { employee: { id: string } }) => each.employee.id === id);
    expect(rank(near.id)).toBeLessThan(rank(far.id));
    const distance = (id: string) =>
      items[rank(id)].reasons.find((reason: { code: string }) => reason.code === 'distance')?.km;
    expect(distance(near.id)).toBe(2);
    expect(distance(far.id)).toBeGreaterThan(200);
    await t.db.update(sites).set({ latitude: null, longitude: null }).where(eq(sites.id, site.id));
  });
});
