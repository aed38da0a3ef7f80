import { randomUUID } from 'node:crypto';
import type { WriteEndpoint } from '@brigade/shared/changes';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { changeOf, resourcesOf } from '../test/changes.ts';
import { skills } from './db/schema/index.ts';
import { addDays, companyToday } from './lib/calendar.ts';
import { twilioSignature, webhookSigningKey } from './modules/messages/index.ts';

/**
 * The change record (issue 29): a write publishes, once committed, one `changed` event naming
 * exactly what the web refreshes after that write (`changedBy` of @brigade/shared/changes, the map
 * the tab that clicked refreshes through), so every other admin's tab refreshes the same. A write
 * that rolls back publishes nothing; a write no one clicked (an SMS OUI) publishes what the
 * office's equivalent click does.
 */
const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
const events: { event: string; payload: unknown }[] = [];
t.app.deps.realtime.listen((event, payload) => events.push({ event, payload }));
let outboxWakes = 0;
t.app.deps.realtime.onOutboxWork(() => {
  outboxWakes += 1;
});

const today = companyToday();
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;
const newPhone = () => `+1514556${String(++counter).padStart(4, '0')}`;

/** Does one write through the API and answers what it published; fails on an unexpected status. */
async function published(method: string, url: string, payload?: unknown, as = admin.headers) {
  events.length = 0;
  const response = await call(method, url, payload, as);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return { events: [...events], body: response.body ? response.json() : undefined };
}

let client: { id: string };
let site: { id: string };
let supervisor: { id: string };
let trade: { id: string };

beforeAll(async () => {
  trade = (await t.db.insert(skills).values({ nameFr: 'Manœuvre', nameEn: 'Labourer' }).returning())[0]!;
  client = (await call('POST', '/clients', { name: 'Change Record Inc.' })).json();
  supervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: client.id });
  site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Chantier du registre',
      street: '1 rue du Port',
      city: 'Montréal',
      supervisorIds: [supervisor.id],
    })
  ).json();
});

const orderBody = (workersNeeded = 2) => ({
  clientId: client.id,
  siteId: site.id,
  supervisorId: supervisor.id,
  workersNeeded,
  skills: [{ skillId: trade.id, mandatory: false }],
  startsOn: addDays(today, 3),
  endsOn: addDays(today, 5),
  includeWeekends: true,
  dailyStart: '07:00',
  dailyEnd: '15:30',
});

/** A worker asked on a new order, the ask sent: `{ order, assignation, worker }`. */
async function askedWorker() {
  const worker = await t.createEmployee({ phone: newPhone() });
  const order = (await call('POST', '/orders', orderBody())).json();
  const { created } = (
    await call('POST', `/orders/${order.id}/assignations`, {
      employeeIds: [worker.id],
      overrideReason: 'Demandé par le client',
    })
  ).json();
  const assignation = created[0] as { id: string; message: { id: string } };
  await call('POST', '/send/sms?pending=true', { messages: [assignation.message.id] });
  return { order, assignation, worker };
}

describe('a write publishes what the web refreshes after it', () => {
  // Each write kind, done through the API, against the web's own list for its endpoint.
  const cases: { endpoint: WriteEndpoint; run: () => Promise<{ events: unknown[] }> }[] = [
    { endpoint: 'POST /clients', run: () => published('POST', '/clients', { name: unique('Client') }) },
    {
      endpoint: 'PUT /clients/:id',
      run: async () => {
        const detail = (await call('GET', `/clients/${client.id}`)).json();
        const { id: _id, createdAt: _c, updatedAt: _u, sites: _s, supervisors: _v, ...rest } = detail;
        return published('PUT', `/clients/${client.id}`, { ...rest, name: unique('Client renommé') });
      },
    },
    {
      endpoint: 'POST /clients/:id/sites',
      run: () =>
        published('POST', `/clients/${client.id}/sites`, {
          name: unique('Site'),
          street: '2 rue du Port',
          city: 'Montréal',
          supervisorIds: [supervisor.id],
        }),
    },
    {
      endpoint: 'POST /skills',
      run: () => published('POST', '/skills', { nameFr: unique('Coffrage'), nameEn: unique('Formwork') }),
    },
    {
      endpoint: 'POST /tools',
      run: () => published('POST', '/tools', { nameFr: unique('Niveau'), nameEn: unique('Level') }),
    },
    {
      endpoint: 'POST /employees',
      run: () =>
        published('POST', '/employees', {
          employeeNumber: unique('CR'),
          firstName: 'Hélène',
          lastName: unique('Registre'),
          phone: newPhone(),
          invitationChannel: 'none',
        }),
    },
    {
      endpoint: 'POST /absences',
      run: async () => {
        const worker = await t.createEmployee({ phone: newPhone() });
        return published('POST', '/absences', {
          employeeId: worker.id,
          type: 'vacation',
          startsOn: addDays(today, 40),
          endsOn: addDays(today, 41),
        });
      },
    },
    { endpoint: 'POST /orders', run: () => published('POST', '/orders', orderBody()) },
    {
      endpoint: 'POST /orders/:id/assignations',
      run: async () => {
        const worker = await t.createEmployee({ phone: newPhone() });
        const order = (await call('POST', '/orders', orderBody())).json();
        return published('POST', `/orders/${order.id}/assignations`, {
          employeeIds: [worker.id],
          overrideReason: 'Demandé par le client',
        });
      },
    },
    {
      endpoint: 'POST /send/sms',
      run: async () => {
        const worker = await t.createEmployee({ phone: newPhone() });
        const order = (await call('POST', '/orders', orderBody())).json();
        const { created } = (
          await call('POST', `/orders/${order.id}/assignations`, {
            employeeIds: [worker.id],
            overrideReason: 'Demandé par le client',
          })
        ).json();
        return published('POST', '/send/sms?pending=true', { messages: [created[0].message.id] });
      },
    },
    {
      endpoint: 'POST /assignations/:id/answer',
      run: async () => {
        const { assignation } = await askedWorker();
        return published('POST', `/assignations/${assignation.id}/answer`, { answer: 'confirmed' });
      },
    },
    {
      endpoint: 'POST /assignations/:id/cancel',
      run: async () => {
        const { assignation } = await askedWorker();
        return published('POST', `/assignations/${assignation.id}/cancel`, { reason: null });
      },
    },
    {
      endpoint: 'PUT /orders/:id',
      run: async () => {
        const { order } = await askedWorker();
        return published('PUT', `/orders/${order.id}`, { ...orderBody(3), endsOn: addDays(today, 6) });
      },
    },
    {
      endpoint: 'POST /orders/:id/cancel',
      run: async () => {
        const { order } = await askedWorker();
        return published('POST', `/orders/${order.id}/cancel`, { reason: null });
      },
    },
    {
      endpoint: 'POST /my-assignations/:id/answer',
      run: async () => {
        const { assignation, worker } = await askedWorker();
        const me = await t.signIn(worker);
        return published(
          'POST',
          `/my-assignations/${assignation.id}/answer`,
          { answer: 'confirmed' },
          me.headers,
        );
      },
    },
    {
      endpoint: 'POST /messages',
      run: async () => {
        const worker = await t.createEmployee({ phone: newPhone() });
        return published('POST', '/messages', {
          type: 'General',
          recipients: { userIds: [worker.id] },
          texts: { fr: 'Bonjour' },
        });
      },
    },
    {
      endpoint: 'POST /overview/comments',
      run: () => published('POST', '/overview/comments', { title: unique('Grue'), day: addDays(today, 1) }),
    },
    {
      endpoint: 'POST /applicants',
      run: () =>
        published('POST', '/applicants', {
          firstName: 'Marc',
          lastName: unique('Côté'),
          phone: newPhone(),
          language: 'fr',
          source: 'other',
        }),
    },
    {
      endpoint: 'POST /time-entries',
      run: async () => {
        const worker = await t.createEmployee({ phone: newPhone() });
        return published('POST', '/time-entries', {
          employeeId: worker.id,
          siteId: site.id,
          workDate: addDays(today, -1),
          startTime: '07:00',
          endTime: '15:00',
          breakMinutes: 30,
        });
      },
    },
  ];

  for (const { endpoint, run } of cases) {
    it(`${endpoint}: one 'changed' event naming its changedBy`, async () => {
      const { events: sent } = await run();
      expect(sent).toEqual([changeOf(endpoint)]);
    });
  }

  it('names every resource the web refreshes after the write (only names no query reads are left out)', () => {
    // `changeOf` leaves out only the names of no GET endpoint: nothing reads them, nothing to refresh.
    expect(resourcesOf('POST /orders/:id/assignations')).toEqual([
      'alerts',
      'assignations',
      'conversations',
      'dashboards',
      'messages',
      'orders',
      'overview',
    ]);
    expect(resourcesOf('POST /login')).toEqual([]);
  });
});

describe('a write that rolls back publishes nothing', () => {
  it('a refused write (a duplicate name, a missing record) sends no event and wakes no outbox', async () => {
    const name = unique('Doublon');
    await call('POST', '/clients', { name });
    events.length = 0;
    const wakes = outboxWakes;
    expect((await call('POST', '/clients', { name })).statusCode).toBe(409);
    // Refused inside its transaction: the order it is pinned to does not exist.
    const missing = { title: 'Nulle part', orderId: randomUUID() };
    expect((await call('POST', '/overview/comments', missing)).statusCode).toBe(400);
    expect(events).toEqual([]);
    expect(outboxWakes).toBe(wakes);
  });

  it('a write that queued messages wakes the outbox worker once committed', async () => {
    const worker = await t.createEmployee({ phone: newPhone() });
    const wakes = outboxWakes;
    await published('POST', '/send/sms', {
      messages: { type: 'General', recipients: { userIds: [worker.id] }, texts: { fr: 'Bonjour' } },
    });
    expect(outboxWakes).toBe(wakes + 1);
  });
});

describe('a write no one clicked publishes what the office’s click does', () => {
  async function sms(from: string, body: string) {
    const params = { MessageSid: `SMcr${++counter}`, From: from, To: '+15145550000', Body: body };
    const key = webhookSigningKey(t.config, t.jwtSecret) as string;
    const url = `${t.config.PUBLIC_URL}/api/webhooks/twilio/sms`;
    events.length = 0;
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
    return events.filter((each) => each.event === 'changed');
  }

  it('a worker’s SMS OUI confirming their assignation == the office confirming it (and the text received)', async () => {
    const { worker } = await askedWorker();
    const changed = await sms(worker.phone as string, 'OUI');
    expect(changed).toEqual([changeOf('POST /assignations/:id/answer', 'POST /webhooks/twilio/sms')]);
    // The office's click refreshes all the OUI does but the text received, which it does not make.
    expect(resourcesOf('POST /assignations/:id/answer')).toEqual(
      resourcesOf('POST /assignations/:id/answer', 'POST /webhooks/twilio/sms'),
    );
  });

  it('a text that is no answer refreshes the messages and conversations only', async () => {
    const worker = await t.createEmployee({ phone: newPhone() });
    expect(await sms(worker.phone as string, 'Je serai en retard')).toEqual([
      changeOf('POST /webhooks/twilio/sms'),
    ]);
  });

  it('a worker’s answer from the app == the office answering for them, and their own hours', () => {
    expect(resourcesOf('POST /my-assignations/:id/answer')).toEqual(
      resourcesOf('POST /assignations/:id/answer', 'POST /my-assignations/:id/answer'),
    );
    expect(resourcesOf('POST /my-assignations/:id/answer')).toEqual(
      expect.arrayContaining(resourcesOf('POST /assignations/:id/answer')),
    );
  });
});
