import { randomUUID } from 'node:crypto';
import { payWeekStart, shiftDate } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { changeOf } from '../../../test/changes.ts';
import { assignations, messages, orders, outbox, smsOptOuts, timeEntries } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { deliverDueMessages } from '../outbox/index.ts';
import { followSmsDelivery } from './delivery.ts';
import { receiveInboundSms } from './inbound.ts';

const t = await buildTestApp();
const { app } = t;
const admin = await t.signedIn('admin');
const events: { event: string; payload: { type: string; message: { id: string; status: string } } }[] = [];
t.app.deps.realtime.listen((event, payload) => events.push({ event, payload: payload as never }));

let phoneCounter = 1000;
/** A fresh valid mobile number each time (514-555-1xxx, 514-555-2xxx…). */
const newPhone = () => `+1514555${String(++phoneCounter).padStart(4, '0')}`;

async function employee(overrides: { language?: 'fr' | 'en'; phone?: string | null; active?: boolean } = {}) {
  const { phone = newPhone(), ...rest } = overrides;
  return t.createEmployee({ passwordHash: null, phone, ...rest });
}

async function call(method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function ok(method: string, url: string, payload?: unknown, status = 200) {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.statusCode === 204 ? null : response.json();
}

const texts = { fr: 'Bonjour, êtes-vous disponible demain?', en: 'Hello, are you available tomorrow?' };
const deliver = () =>
  deliverDueMessages(
    t.db,
    { email: async () => undefined, sms: async (row) => `SM${row.id.replaceAll('-', '').slice(0, 30)}` },
    { smsPerSecond: 1_000_000, onOutcome: followSmsDelivery(t.app.deps.realtime) },
  );
const messageRow = async (id: string) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;

describe('composing and pending messages', () => {
  it('writes one pending message per recipient, in their own language, and lists who cannot be texted', async () => {
    const french = await employee({ language: 'fr' });
    const english = await employee({ language: 'en' });
    const noMobile = await employee({ phone: null });
    const archived = await employee({ active: false });
    const optedOut = await employee();
    await t.db.insert(smsOptOuts).values({ phone: optedOut.phone!, keyword: 'STOP' });

    const outcome = await ok(
      'POST',
      '/messages',
      {
        type: 'General',
        recipients: { userIds: [french.id, english.id, noMobile.id, archived.id, optedOut.id] },
        texts,
      },
      201,
    );
    expect(outcome.created).toHaveLength(2);
    const byPhone = Object.fromEntries(outcome.created.map((m: { phone: string }) => [m.phone, m]));
    expect(byPhone[french.phone!]).toMatchObject({
      body: texts.fr,
      language: 'fr',
      status: 'pending',
      direction: 'out',
    });
    expect(byPhone[english.phone!]).toMatchObject({ body: texts.en, language: 'en', status: 'pending' });
    expect(
      outcome.refused.map((r: { userId: string; reason: string }) => [r.userId, r.reason]).sort(),
    ).toEqual(
      [
        [noMobile.id, 'RECIPIENT_NO_MOBILE'],
        [archived.id, 'RECIPIENT_ARCHIVED'],
        [optedOut.id, 'RECIPIENT_OPTED_OUT'],
      ].sort(),
    );
    // Pending is a draft: nothing is in the outbox yet.
    const ids = outcome.created.map((m: { id: string }) => m.id);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `message:${ids[0]}`)),
    ).toEqual([]);
    // The pending tab of General lists them, with whom each goes to.
    const pending = await ok('GET', '/messages?type=General&pending=true&pageSize=500');
    const listed = pending.items.filter((m: { id: string }) => ids.includes(m.id));
    expect(listed.map((m: { contact: { userId: string } }) => m.contact.userId).sort()).toEqual(
      [french.id, english.id].sort(),
    );
  });

  it('refuses a message with no text for some recipients’ language, and bad input, writing nothing', async () => {
    const english = await employee({ language: 'en' });
    const before = (await t.db.select().from(messages)).length;
    const missing = await call('POST', '/messages', {
      type: 'General',
      recipients: { userIds: [english.id] },
      texts: { fr: 'Bonjour' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'MESSAGE_TEXT_MISSING', details: { languages: ['en'] } });
    for (const body of [
      { type: 'General', recipients: { userIds: [english.id] }, texts: { en: '' } },
      { type: 'General', recipients: { userIds: [english.id] }, texts: { en: 'x'.repeat(1601) } },
      { type: 'Nope', recipients: { userIds: [english.id] }, texts: { en: 'Hi' } },
      { type: 'General', recipients: {}, texts: { en: 'Hi' } },
    ]) {
      const response = await call('POST', '/messages', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const nobody = await call('POST', '/messages', {
      type: 'General',
      recipients: { filter: { skillId: randomUUID() } },
      texts,
    });
    expect(nobody.json()).toMatchObject({ code: 'NO_RECIPIENTS' });
    expect((await t.db.select().from(messages)).length).toBe(before);
  });

  it('edits and deletes a pending message; once sent, neither (409), and a batch is all or nothing', async () => {
    const person = await employee();
    const [draft, other] = (
      await Promise.all([
        ok('POST', '/messages', { type: 'Assignation', recipients: { userIds: [person.id] }, texts }, 201),
        ok('POST', '/messages', { type: 'Assignation', recipients: { userIds: [person.id] }, texts }, 201),
      ])
    ).map((outcome) => outcome.created[0]);
    const edited = await ok('PUT', `/messages/${draft.id}`, { body: 'Nouveau texte' });
    expect(edited).toMatchObject({ body: 'Nouveau texte', status: 'pending' });

    const sent = await ok('POST', '/send/sms?pending=true', { messages: [draft.id] });
    expect(sent.created.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([
      [draft.id, 'queued'],
    ]);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `message:${draft.id}`)),
    ).toHaveLength(1);

    const editSent = await call('PUT', `/messages/${draft.id}`, { body: 'Trop tard' });
    expect(editSent.statusCode).toBe(409);
    expect(editSent.json().code).toBe('MESSAGE_NOT_PENDING');
    const sendAgain = await call('POST', '/send/sms?pending=true', { messages: [draft.id] });
    expect(sendAgain.json()).toMatchObject({ code: 'MESSAGE_NOT_PENDING', details: { ids: [draft.id] } });
    const deleteBoth = await call('DELETE', '/messages', { ids: [other.id, draft.id] });
    expect(deleteBoth.statusCode).toBe(409);
    // All or nothing: the pending one is still there.
    expect((await messageRow(other.id)).status).toBe('pending');

    await ok('DELETE', '/messages', { ids: [other.id] }, 204);
    expect(await t.db.select().from(messages).where(eq(messages.id, other.id))).toEqual([]);
    expect((await call('GET', `/messages/${other.id}`)).statusCode).toBe(404);
  });

  it('sends pending messages of a batch per recipient: one who opted out since stays pending, with the reason', async () => {
    const staying = await employee();
    const leaving = await employee();
    const outcome = await ok(
      'POST',
      '/messages',
      { type: 'General', recipients: { userIds: [staying.id, leaving.id] }, texts },
      201,
    );
    await receiveInboundSms(t.app.deps, { from: leaving.phone!, body: 'STOP' });
    const ids = outcome.created.map((m: { id: string }) => m.id);
    const sent = await ok('POST', '/send/sms?pending=true', { messages: ids });
    expect(sent.created.map((m: { phone: string }) => m.phone)).toEqual([staying.phone]);
    expect(sent.refused).toEqual([
      expect.objectContaining({ userId: leaving.id, reason: 'RECIPIENT_OPTED_OUT' }),
    ]);
  });

  it('composes to a filter: the active employees of that language', async () => {
    const language = 'en';
    const tag = await employee({ language });
    const outcome = await ok(
      'POST',
      '/messages',
      { type: 'General', recipients: { filter: { language } }, texts: { en: 'Hello all' } },
      201,
    );
    expect(outcome.created.every((m: { language: string }) => m.language === 'en')).toBe(true);
    expect(outcome.created.map((m: { phone: string }) => m.phone)).toContain(tag.phone);
  });

  it("composes to a site's crew this week: confirmed on one of its orders working this week, or with hours there this week", async () => {
    const client = await ok('POST', '/clients', { name: 'Groupe Équipe' }, 201);
    const supervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: client.id });
    const site = await ok(
      'POST',
      `/clients/${client.id}/sites`,
      { name: 'Chantier de la semaine', supervisorIds: [supervisor.id] },
      201,
    );
    // This pay week, Sunday to Saturday.
    const sunday = payWeekStart(companyToday());
    // Written straight in: the week's first days may be in the past, where the API refuses to start one.
    const order = async (startsOn: string, endsOn: string, extra: Partial<typeof orders.$inferInsert> = {}) =>
      (
        await t.db
          .insert(orders)
          .values({
            clientId: client.id,
            siteId: site.id,
            workersNeeded: 3,
            startsOn,
            endsOn,
            dailyStartMinute: 420,
            dailyEndMinute: 930,
            ...extra,
          })
          .returning()
      )[0]!;
    const thisWeek = await order(shiftDate(sunday, 1), shiftDate(sunday, 5));
    const nextWeek = await order(shiftDate(sunday, 8), shiftDate(sunday, 12));
    // Without weekends, Saturday and the next Sunday are no day of work; nor last Saturday and this Sunday.
    const weekendOnly = await order(shiftDate(sunday, 6), shiftDate(sunday, 7));
    const lastWeekend = await order(shiftDate(sunday, -1), sunday);
    // With weekends, this week's Sunday is one of its days; last week's Saturday is not.
    const sundayShift = await order(sunday, sunday, { includeWeekends: true });
    const lastSaturday = await order(shiftDate(sunday, -1), shiftDate(sunday, -1), { includeWeekends: true });
    const cancelled = await order(shiftDate(sunday, 1), shiftDate(sunday, 3), { cancelledAt: new Date() });
    const on = async (orderId: string, status: 'pending' | 'confirmed') => {
      const person = await employee();
      await t.db.insert(assignations).values({ orderId, employeeId: person.id, status });
      return person;
    };
    const crew = await on(thisWeek.id, 'confirmed');
    const asked = await on(thisWeek.id, 'pending');
    const later = await on(nextWeek.id, 'confirmed');
    const weekendWithoutWeekends = await on(weekendOnly.id, 'confirmed');
    const lastWeekendWithoutWeekends = await on(lastWeekend.id, 'confirmed');
    const onSunday = await on(sundayShift.id, 'confirmed');
    const onLastSaturday = await on(lastSaturday.id, 'confirmed');
    const offTheJob = await on(cancelled.id, 'confirmed');
    // Hours logged on the site: this week's Sunday and Saturday count, last week's Saturday and next
    // week's Sunday do not.
    const logged = async (workDate: string) => {
      const person = await employee();
      await t.db.insert(timeEntries).values({
        employeeId: person.id,
        siteId: site.id,
        workDate,
        startMinute: 420,
        endMinute: 930,
        breakMinutes: 30,
      });
      return person;
    };
    const replacement = await logged(sunday);
    const lateReplacement = await logged(shiftDate(sunday, 6));
    const lastWeek = await logged(shiftDate(sunday, -1));
    const nextSunday = await logged(shiftDate(sunday, 7));

    const outcome = await ok(
      'POST',
      '/messages',
      { type: 'General', recipients: { filter: { siteId: site.id } }, texts },
      201,
    );
    const phones = outcome.created.map((m: { phone: string }) => m.phone);
    expect(phones.toSorted()).toEqual(
      [crew.phone, onSunday.phone, replacement.phone, lateReplacement.phone].toSorted(),
    );
    for (const person of [
      asked,
      later,
      weekendWithoutWeekends,
      lastWeekendWithoutWeekends,
      onLastSaturday,
      offTheJob,
      lastWeek,
      nextSunday,
    ])
      expect(phones).not.toContain(person.phone);
  });
});

describe('sending, delivery and the real-time events', () => {
  it('queues a reply in a thread, sends it through the outbox once, and reports each change live', async () => {
    const person = await employee({ language: 'en' });
    const first = await ok('POST', '/send/sms', {
      messages: { type: 'General', recipients: { userIds: [person.id] }, texts },
    });
    const conversationId = first.created[0].conversationId;
    events.length = 0;
    // A reply: the text typed is used whatever the contact's language.
    const reply = await ok('POST', '/send/sms', {
      messages: { type: 'General', recipients: { conversationId }, texts: { fr: 'Merci!' } },
    });
    expect(reply.created[0]).toMatchObject({ body: 'Merci!', status: 'queued', conversationId });
    expect(events).toEqual([changeOf('POST /send/sms')]);
    events.length = 0;

    await deliver();
    await deliver();
    const row = await messageRow(reply.created[0].id);
    expect(row).toMatchObject({ status: 'sent', providerId: expect.stringMatching(/^SM/) });
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `message:${reply.created[0].id}`)),
    ).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    // Its delivery reaches the admins' tabs as a delivery report does (one event per text sent).
    expect(events).toContainEqual(changeOf('POST /webhooks/twilio/status'));
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(['changed']));
  });

  it('shows a failure with the provider’s reason once no attempt is left', async () => {
    const person = await employee();
    const sent = await ok('POST', '/send/sms', {
      messages: { type: 'General', recipients: { userIds: [person.id] }, texts },
    });
    const id = sent.created[0].id;
    await t.db
      .update(outbox)
      .set({ attempts: 4 })
      .where(eq(outbox.idempotencyKey, `message:${id}`));
    await deliverDueMessages(
      t.db,
      {
        email: async () => undefined,
        sms: async (row) => {
          if (row.idempotencyKey === `message:${id}`) throw new Error("21211: The 'To' number is not valid");
          return undefined;
        },
      },
      { smsPerSecond: 1_000_000, onOutcome: followSmsDelivery(t.app.deps.realtime) },
    );
    expect(await messageRow(id)).toMatchObject({
      status: 'failed',
      error: "21211: The 'To' number is not valid",
    });
  });
});

describe('conversations and unread counts', () => {
  it('receives an SMS from a known worker into their conversation, unread, until it is opened', async () => {
    const person = await employee({ language: 'en' });
    // The last SMS sent to them was an Assignation one: the reply goes with it.
    await ok('POST', '/send/sms', {
      messages: { type: 'Assignation', recipients: { userIds: [person.id] }, texts },
    });
    const before = await ok('GET', '/messages/unseen');
    events.length = 0;
    await receiveInboundSms(t.app.deps, { from: person.phone!, body: 'Yes, thanks', providerId: 'SMin-1' });
    // The same SMS delivered twice (a webhook retried) is recorded once.
    await receiveInboundSms(t.app.deps, { from: person.phone!, body: 'Yes, thanks', providerId: 'SMin-1' });
    expect(events.map((e) => e.event)).toEqual(['new_message', 'changed']);
    expect(events[0]?.payload).toMatchObject({ type: 'Assignation', message: { status: 'received' } });
    expect(events[1]).toEqual(changeOf('POST /webhooks/twilio/sms'));

    const after = await ok('GET', '/messages/unseen');
    expect(after.counts.Assignation).toBe(before.counts.Assignation + 1);
    expect(after.total).toBe(before.total + 1);
    expect((await ok('GET', '/messages/unseen?type=Assignation')).counts.General).toBe(0);

    // Found by the digits of their number, typed any usual way.
    const typed = encodeURIComponent(`(514) 555-${person.phone!.slice(-4)}`);
    const list = await ok('GET', `/conversations?type=Assignation&q=${typed}`);
    expect(list.items).toHaveLength(1);
    const [conversation] = list.items;
    expect(conversation).toMatchObject({
      unseenCount: 1,
      contact: { userId: person.id, kind: 'employee', language: 'en', optedOut: false },
      lastMessage: { body: 'Yes, thanks', direction: 'in', status: 'received' },
    });
    const seen = await ok('PUT', `/conversations/${conversation.id}?type=Assignation`);
    // Read, it is no longer unread; but an Assignation reply nothing applied (no assignation
    // answers it here) is left for the office to handle: it still counts in the badge.
    expect(seen.counts.Assignation).toBe(before.counts.Assignation + 1);
    expect(seen.toHandle).toBe(before.toHandle + 1);
    const thread = await ok('GET', `/conversations/${conversation.id}?type=Assignation`);
    expect(thread.conversation).toMatchObject({ unseenCount: 0, toHandleCount: 1 });
    expect(thread.messages[0].reply).toEqual({ status: 'to_handle', handledBy: null, handledAt: null });
    expect(thread.messages.map((m: { direction: string }) => m.direction)).toEqual(['in', 'out']);
    // Asked for under another type, it is not found there.
    expect((await call('GET', `/conversations/${conversation.id}?type=General`)).statusCode).toBe(404);
  });

  it('opens an "unknown number" conversation in General for a number that matches nobody, found by its digits', async () => {
    const stranger = newPhone();
    await receiveInboundSms(t.app.deps, { from: stranger, body: 'Qui êtes-vous?' });
    const list = await ok('GET', `/conversations?type=General&q=${stranger.slice(-7)}`);
    expect(list.items).toEqual([
      expect.objectContaining({
        contact: expect.objectContaining({ kind: 'unknown', userId: null, phone: stranger }),
      }),
    ]);
  });

  it('sorts unread first or newest first, and pages a thread newest first', async () => {
    const quiet = await employee();
    const chatty = await employee();
    for (const person of [quiet, chatty]) {
      await ok('POST', '/send/sms', {
        messages: { type: 'General', recipients: { userIds: [person.id] }, texts },
      });
    }
    await receiveInboundSms(t.app.deps, { from: chatty.phone!, body: 'Un' });
    await ok('POST', '/send/sms', {
      messages: { type: 'General', recipients: { userIds: [quiet.id] }, texts },
    });
    const unread = await ok('GET', '/conversations?type=General&sort=unread&pageSize=200');
    const recent = await ok('GET', '/conversations?type=General&sort=recent&pageSize=200');
    const position = (page: { items: { contact: { userId: string } }[] }, id: string) =>
      page.items.findIndex((c) => c.contact.userId === id);
    expect(position(unread, chatty.id)).toBeLessThan(position(unread, quiet.id));
    expect(position(recent, quiet.id)).toBeLessThan(position(recent, chatty.id));

    for (let i = 0; i < 5; i++)
      await receiveInboundSms(t.app.deps, { from: chatty.phone!, body: `Message ${i}` });
    const conversationId = unread.items[position(unread, chatty.id)].id;
    const page1 = await ok('GET', `/conversations/${conversationId}?limit=3`);
    const page2 = await ok('GET', `/conversations/${conversationId}?limit=3&offset=3`);
    expect(page1.total).toBe(7);
    expect(page1.messages.map((m: { body: string }) => m.body)).toEqual([
      'Message 4',
      'Message 3',
      'Message 2',
    ]);
    expect(page2.messages.map((m: { body: string }) => m.body)).toEqual(['Message 1', 'Message 0', 'Un']);
  });
});

describe('opt-out', () => {
  it.each([
    ['STOP', 'fr'],
    ['arrêt', 'fr'],
    ['Arret.', 'en'],
    [' unsubscribe ', 'en'],
    ['DÉSABONNER', 'fr'],
  ] as const)(
    '"%s" opts the number out at once, confirmed once in the person’s language',
    async (word, language) => {
      const person = await employee({ language });
      await receiveInboundSms(t.app.deps, { from: person.phone!, body: word });
      expect(await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, person.phone!))).toHaveLength(1);
      const confirmations = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.phone, person.phone!), eq(messages.direction, 'out')));
      expect(confirmations).toHaveLength(1);
      expect(confirmations[0]).toMatchObject({ status: 'queued', language });
      expect(confirmations[0]?.body).toMatch(language === 'en' ? /no longer receive/ : /ne recevrez plus/);

      const refused = await call('POST', '/send/sms', {
        messages: { type: 'General', recipients: { userIds: [person.id] }, texts },
      });
      expect(refused.json().refused).toEqual([expect.objectContaining({ reason: 'RECIPIENT_OPTED_OUT' })]);
      const conversation = (await ok('GET', `/conversations?type=General&q=${person.phone!.slice(1)}`))
        .items[0];
      expect(conversation.contact.optedOut).toBe(true);
      // A reply in the thread says why, as an error.
      const reply = await call('POST', '/send/sms', {
        messages: { type: 'General', recipients: { conversationId: conversation.id }, texts },
      });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().code).toBe('RECIPIENT_OPTED_OUT');
    },
  );

  it('"START" or "Début" opts back in', async () => {
    const person = await employee();
    await receiveInboundSms(t.app.deps, { from: person.phone!, body: 'STOP' });
    await receiveInboundSms(t.app.deps, { from: person.phone!, body: 'Début' });
    expect(await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, person.phone!))).toEqual([]);
    const sent = await ok('POST', '/send/sms', {
      messages: { type: 'General', recipients: { userIds: [person.id] }, texts },
    });
    expect(sent.created).toHaveLength(1);
  });

  it('an ordinary message that contains the word is not an opt-out', async () => {
    const person = await employee();
    await receiveInboundSms(t.app.deps, { from: person.phone!, body: 'Stop au dépanneur, j’arrive' });
    expect(await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, person.phone!))).toEqual([]);
  });
});
