import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueTestPhone } from '../../../test/app.ts';
import { auditLog, clients, outbox, sessions, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { may } from '../../lib/policy.ts';
import { supervisorsPolicy } from './policy.ts';

const t = await buildTestApp();
const { app, db } = t;
const admin = await t.signedIn('admin');

const unique = () => randomUUID().slice(0, 8);

async function makeClient(name = `Client ${unique()}`, active = true) {
  const [row] = await db.insert(clients).values({ name, active }).returning();
  return row!;
}

async function makeSite(
  clientId: string,
  overrides: Partial<typeof sites.$inferInsert> = {},
  supervisorIds: string[] = [],
) {
  const [row] = await db
    .insert(sites)
    .values({ clientId, name: `Chantier ${unique()}`, city: 'Montréal', ...overrides })
    .returning();
  for (const supervisorId of supervisorIds) {
    await db.insert(siteSupervisors).values({ siteId: row!.id, supervisorId });
  }
  return row!;
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Hélène',
    lastName: `Bérubé ${unique()}`,
    email: `helene.${unique()}@berube.test`,
    phone: uniqueTestPhone(),
    language: 'fr',
    invitationChannel: 'none',
    ...overrides,
  };
}

async function create(clientId: string, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/supervisors',
    headers: admin.headers,
    payload: body({ clientId, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function list(query: string, headers = admin.headers) {
  return app.inject({ method: 'GET', url: `/api/supervisors?${query}`, headers });
}

describe('policy', () => {
  it('lets admins do everything, a supervisor read only themself', () => {
    const supervisor = { userId: 's', role: 'supervisor', scope: null } as const;
    expect(may({ userId: 'a', role: 'admin', scope: null }, supervisorsPolicy.list)).toBe(true);
    expect(may(supervisor, supervisorsPolicy.list)).toBe(false);
    expect(may(supervisor, supervisorsPolicy.read, { id: 's' })).toBe(true);
    expect(may(supervisor, supervisorsPolicy.read, { id: 'x' })).toBe(false);
    expect(may({ userId: 'e', role: 'employee', scope: null }, supervisorsPolicy.read, { id: 'e' })).toBe(
      false,
    );
    expect(may(supervisor, supervisorsPolicy.write)).toBe(false);
  });
});

describe('POST /api/supervisors', () => {
  it('creates a supervisor, audits it, keeps search text and stores the phone in E.164', async () => {
    const client = await makeClient('Construction Bérubé & Fils test');
    const created = await create(client.id, {
      email: 'Zoe.Belanger@Berube.test',
      firstName: 'Zoé',
      phone: '514 555-1234',
    });
    expect(created).toMatchObject({
      firstName: 'Zoé',
      email: 'zoe.belanger@berube.test',
      phone: '+15145551234',
      clientId: client.id,
      client: { id: client.id, name: client.name },
      active: true,
      sites: [],
      deletable: true,
      hasPassword: false,
      lastInvitation: null,
    });
    const [row] = await db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ role: 'supervisor', passwordHash: null });
    expect(row!.searchText).toContain('zoe');
    expect(row!.searchText).toContain('5145551234');
    expect(row!.searchText).toContain('construction berube');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entry).toMatchObject({
      action: 'supervisor.create',
      entity: 'supervisor',
      actorId: admin.user.id,
    });
  });

  it('refuses bad input field by field', async () => {
    const client = await makeClient();
    const response = await app.inject({
      method: 'POST',
      url: '/api/supervisors',
      headers: admin.headers,
      payload: { firstName: '', lastName: 'X', email: 'nope', phone: '12', clientId: client.id },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'email', 'phone']));
  });

  it('needs a phone to invite by SMS', async () => {
    const client = await makeClient();
    const response = await app.inject({
      method: 'POST',
      url: '/api/supervisors',
      headers: admin.headers,
      payload: body({ clientId: client.id, phone: '', invitationChannel: 'sms' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields[0].path).toBe('phone');
  });

  it('needs an existing, active client', async () => {
    const archived = await makeClient(undefined, false);
    for (const clientId of [archived.id, randomUUID()]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/supervisors',
        headers: admin.headers,
        payload: body({ clientId }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.fields[0].path).toBe('clientId');
    }
  });

  it('answers 409 NAME_NOT_UNIQUE on an e-mail used by any user, whatever its case', async () => {
    const client = await makeClient();
    const other = await t.createUser({ role: 'employee' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/supervisors',
      headers: admin.headers,
      payload: body({ clientId: client.id, email: other.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'email' } });
  });

  it('invites by e-mail in the recipient language; the link sets a password and login works', async () => {
    const client = await makeClient();
    const email = `anglo.${unique()}@client.test`;
    const created = await create(client.id, {
      email,
      firstName: 'Andrew',
      language: 'en',
      invitationChannel: 'email',
    });
    const [message] = await db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(message).toMatchObject({ channel: 'email', language: 'en', subject: 'Welcome to Brigade' });
    expect(message!.body).toContain('Hello Andrew');
    const token = /\/change-password\/(\S+)/.exec(message!.body)![1]!;

    const detail = await app.inject({
      method: 'GET',
      url: `/api/supervisors/${created.id}`,
      headers: admin.headers,
    });
    expect(detail.json().lastInvitation).toMatchObject({ channel: 'email', status: 'pending' });

    const reset = await t.resetPassword(token, 'a new password 123');
    expect(reset.statusCode).toBeLessThan(300);
    const login = await t.login(email, 'a new password 123');
    expect(login.user).toMatchObject({ id: created.id, role: 'supervisor', language: 'en' });
  });

  it('invites by SMS in French when asked', async () => {
    const client = await makeClient();
    const created = await create(client.id, { phone: '438 555-0199', invitationChannel: 'sms' });
    const [message] = await db.select().from(outbox).where(eq(outbox.recipient, '+14385550199'));
    expect(message).toMatchObject({ channel: 'sms', language: 'fr' });
    expect(message!.body).toContain('Brigade : votre compte est créé');
    expect(message!.meta).toMatchObject({ userId: created.id, kind: 'invitation' });
  });
});

describe('GET /api/supervisors', () => {
  const tag = `zz${unique()}`;
  let clientA: Awaited<ReturnType<typeof makeClient>>;
  let clientB: Awaited<ReturnType<typeof makeClient>>;
  const ids: Record<string, string> = {};

  // The supervisors every test of this list reads (a fixture, not a test: each test runs alone too).
  beforeAll(async () => {
    clientA = await makeClient(`Alpha ${tag}`);
    clientB = await makeClient(`Beta ${tag}`);
    ids.helene = (
      await create(clientA.id, { firstName: 'Hélène', lastName: `Côté ${tag}`, phone: '418 555-7731' })
    ).id;
    ids.marc = (await create(clientB.id, { firstName: 'Marc', lastName: `Allard ${tag}` })).id;
    ids.zoe = (await create(clientA.id, { firstName: 'Zoé', lastName: `Zabel ${tag}`, phone: '' })).id;
    ids.old = (await create(clientB.id, { firstName: 'Olivier', lastName: `Ancien ${tag}` })).id;
    await db.update(users).set({ active: false }).where(eq(users.id, ids.old!));
    await makeSite(clientA.id, {}, [ids.zoe!]);
    await makeSite(clientA.id, {}, [ids.zoe!, ids.helene!]);
  });

  it('searches accent- and case-insensitively, by client name and phone digits', async () => {
    const byName = (await list(`q=${encodeURIComponent(`HELENE cote ${tag}`)}`)).json();
    expect(byName.items.map((i: { id: string }) => i.id)).toEqual([ids.helene]);
    const byClient = (await list(`q=${encodeURIComponent(`beta ${tag}`)}`)).json();
    expect(byClient.items.map((i: { id: string }) => i.id)).toEqual([ids.marc]);
    // A mobile is one active person's: its digits find that one.
    const byPhone = await list(`q=${encodeURIComponent(`418-555-7731 ${tag}`)}`);
    expect(byPhone.json().items.map((i: { id: string }) => i.id)).toEqual([ids.helene]);
  });

  it('answers the list shape with client name and site count', async () => {
    const response = await list(`q=${tag}&sort=siteCount&order=desc`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(page.items[0]).toEqual({
      id: ids.zoe,
      firstName: 'Zoé',
      lastName: `Zabel ${tag}`,
      email: expect.any(String),
      phone: null,
      language: 'fr',
      clientId: clientA.id,
      clientName: clientA.name,
      active: true,
      siteCount: 2,
    });
    expect(page.items.map((i: { siteCount: number }) => i.siteCount)).toEqual([2, 1, 0]);
  });

  it('sorts, filters by status and client, and pages', async () => {
    const byLast = (await list(`q=${tag}&sort=lastName`)).json();
    // "Côté" sorts as "cote": between "Allard" and "Zabel", accents ignored.
    expect(byLast.items.map((i: { firstName: string }) => i.firstName)).toEqual(['Marc', 'Hélène', 'Zoé']);
    const byClientDesc = (await list(`q=${tag}&sort=clientName&order=desc`)).json();
    expect(byClientDesc.items[0].clientName).toBe(clientB.name);
    const archived = (await list(`q=${tag}&active=false`)).json();
    expect(archived.items.map((i: { id: string }) => i.id)).toEqual([ids.old]);
    expect((await list(`q=${tag}&active=all`)).json().total).toBe(4);
    const ofB = (await list(`clientId=${clientB.id}&active=all`)).json();
    expect(ofB.total).toBe(2);
    const page2 = (await list(`q=${tag}&pageSize=2&page=2`)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((i: { firstName: string }) => i.firstName)).toEqual(['Zoé']);
    const past = (await list(`q=${tag}&pageSize=2&page=9`)).json();
    expect(past).toMatchObject({ total: 3, items: [] });
  });

  it('refuses bad query values', async () => {
    expect((await list('sort=password')).statusCode).toBe(400);
    expect((await list('clientId=nope')).statusCode).toBe(400);
  });

  it('is for admins only; 401 without a token', async () => {
    const supervisor = await t.signedIn('supervisor');
    const employee = await t.signedIn('employee');
    expect((await list('', supervisor.headers)).statusCode).toBe(403);
    expect((await list('', employee.headers)).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/supervisors' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/supervisors/:id', () => {
  it('shows client and sites with derived statuses', async () => {
    const client = await makeClient();
    const created = await create(client.id);
    const today = companyToday();
    const past = '2000-01-01';
    const future = '2999-01-01';
    await makeSite(client.id, { name: 'A ouvert', endDate: today }, [created.id]);
    await makeSite(client.id, { name: 'B terminé', endDate: past }, [created.id]);
    await makeSite(client.id, { name: 'C futur', startDate: future }, [created.id]);
    await makeSite(client.id, { name: 'D archivé', archived: true }, [created.id]);
    const response = await app.inject({
      method: 'GET',
      url: `/api/supervisors/${created.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.sites.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['A ouvert', 'active'],
      ['B terminé', 'inactive'],
      ['C futur', 'upcoming'],
      ['D archivé', 'inactive'],
    ]);
    expect(detail.sites[0]).toMatchObject({ clientId: client.id, city: 'Montréal', endDate: today });
    expect(detail.deletable).toBe(false);
  });

  it('lets a supervisor read their own profile only; employees none', async () => {
    const client = await makeClient();
    const me = await t.signedIn('supervisor', { clientId: client.id });
    const other = await create(client.id);
    const own = await app.inject({
      method: 'GET',
      url: `/api/supervisors/${me.user.id}`,
      headers: me.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().client.id).toBe(client.id);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/supervisors/${other.id}`,
      headers: me.headers,
    });
    expect(theirs.statusCode).toBe(403);
    const employee = await t.signedIn('employee');
    const byEmployee = await app.inject({
      method: 'GET',
      url: `/api/supervisors/${employee.user.id}`,
      headers: employee.headers,
    });
    expect(byEmployee.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/supervisors/${other.id}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id or a user who is not a supervisor', async () => {
    const employee = await t.createUser({ role: 'employee' });
    for (const id of [randomUUID(), employee.id]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/supervisors/${id}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('PUT /api/supervisors/:id', () => {
  it('saves changes, refreshes search text, audits before and after', async () => {
    const client = await makeClient();
    const created = await create(client.id);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/supervisors/${created.id}`,
      headers: admin.headers,
      payload: { ...body({ clientId: client.id }), firstName: 'Gaëtan', language: 'en', active: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Gaëtan', language: 'en' });
    const [row] = await db.select().from(users).where(eq(users.id, created.id));
    expect(row!.searchText).toContain('gaetan');
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'supervisor.update')));
    expect(entries[0]!.before).toMatchObject({ firstName: 'Hélène' });
    expect(entries[0]!.after).toMatchObject({ firstName: 'Gaëtan' });
  });

  it('refreshes the session snapshot of the supervisor', async () => {
    const client = await makeClient();
    const me = await t.signedIn('supervisor', { clientId: client.id, firstName: 'Avant' });
    await app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers });
    await app.inject({
      method: 'PUT',
      url: `/api/supervisors/${me.user.id}`,
      headers: admin.headers,
      payload: { ...body({ clientId: client.id, email: me.user.email }), firstName: 'Après', active: true },
    });
    const after = await app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers });
    expect(after.json().firstName).toBe('Après');
  });

  it('answers 409 NAME_NOT_UNIQUE when the e-mail is taken', async () => {
    const client = await makeClient();
    const a = await create(client.id);
    const b = await create(client.id);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/supervisors/${b.id}`,
      headers: admin.headers,
      payload: { ...body({ clientId: client.id, email: a.email.toUpperCase() }), active: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details.field).toBe('email');
  });

  it('refuses to archive or move the only supervisor of an active site, listing the sites', async () => {
    const client = await makeClient();
    const other = await makeClient();
    const created = await create(client.id);
    const site = await makeSite(client.id, { name: 'Tour Bérubé' }, [created.id]);
    await makeSite(client.id, { endDate: '2000-01-01' }, [created.id]);
    for (const change of [{ active: false }, { clientId: other.id }]) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/supervisors/${created.id}`,
        headers: admin.headers,
        payload: { ...body({ clientId: client.id, email: created.email }), active: true, ...change },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        details: { sites: [{ id: site.id, name: 'Tour Bérubé', clientId: client.id }] },
      });
    }
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/supervisors/${created.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().details.sites).toHaveLength(1);
  });

  it('moves a supervisor who has a colleague on the site to another client, leaving the old sites, and ends their sessions', async () => {
    const client = await makeClient();
    const other = await makeClient();
    const me = await t.signedIn('supervisor', { clientId: client.id });
    const colleague = await create(client.id);
    await makeSite(client.id, {}, [me.user.id, colleague.id]);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/supervisors/${me.user.id}`,
      headers: admin.headers,
      payload: { ...body({ clientId: other.id, email: me.user.email }), active: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ clientId: other.id, sites: [] });
    const open = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, me.user.id), sql`${sessions.revokedAt} is null`));
    expect(open).toHaveLength(0);
    const after = await app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers });
    expect(after.statusCode).toBe(401);
  });

  it('records the site links a move to another client removed', async () => {
    const client = await makeClient();
    const other = await makeClient();
    const moving = await create(client.id);
    const colleague = await create(client.id);
    const site = await makeSite(client.id, {}, [moving.id, colleague.id]);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/supervisors/${moving.id}`,
      headers: admin.headers,
      payload: { ...body({ clientId: other.id, email: moving.email }), active: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, moving.id), eq(auditLog.action, 'supervisor.update')));
    expect(entry!.before).toMatchObject({ clientId: client.id, siteIds: [site.id] });
    expect(entry!.after).toMatchObject({ clientId: other.id, siteIds: [], removedSiteIds: [site.id] });
  });

  it('names archiving and reactivating, and reactivates only under an active client', async () => {
    const client = await makeClient();
    const created = await create(client.id);
    const put = (active: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/supervisors/${created.id}`,
        headers: admin.headers,
        payload: { ...body({ clientId: client.id, email: created.email }), active },
      });
    expect((await put(false)).statusCode).toBe(200);
    expect((await put(true)).statusCode).toBe(200);
    const actions = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created.id))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'supervisor.create',
      'supervisor.archive',
      'supervisor.reactivate',
    ]);

    expect((await put(false)).statusCode).toBe(200);
    await db.update(clients).set({ active: false }).where(eq(clients.id, client.id));
    const refused = await put(true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields[0]).toMatchObject({ path: 'clientId', message: 'invalid_client' });
  });

  it('is a full replacement: a missing active or language is a 400 naming it', async () => {
    const client = await makeClient();
    const created = await create(client.id);
    const {
      language: _language,
      invitationChannel: _channel,
      ...partial
    } = body({
      clientId: client.id,
      email: created.email,
    });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/supervisors/${created.id}`,
      headers: admin.headers,
      payload: partial,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['active', 'language']),
    );
  });
});

describe('DELETE /api/supervisors/:id', () => {
  it('archives, never deletes, a supervisor who changed something (the audit log names them)', async () => {
    const client = await makeClient();
    const me = await t.signedIn('supervisor', { clientId: client.id });
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: me.headers,
      payload: { language: 'en' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/supervisors/${me.user.id}`,
      headers: admin.headers,
    });
    expect(detail.json()).toMatchObject({ sites: [], deletable: false });
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/supervisors/${me.user.id}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ outcome: 'archived' });
    const authored = await db.select().from(auditLog).where(eq(auditLog.actorId, me.user.id));
    expect(authored.length).toBeGreaterThan(0);
  });

  it('deletes a supervisor on no site, and audits it', async () => {
    const client = await makeClient();
    const created = await create(client.id, { invitationChannel: 'email' });
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/supervisors/${created.id}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await db.select().from(users).where(eq(users.id, created.id))).toHaveLength(0);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'supervisor.delete')));
    expect(entry).toBeDefined();
  });

  it('archives a supervisor still on a site (with a colleague), and signs them out', async () => {
    const client = await makeClient();
    const me = await t.signedIn('supervisor', { clientId: client.id });
    const colleague = await create(client.id);
    await makeSite(client.id, {}, [me.user.id, colleague.id]);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/supervisors/${me.user.id}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ outcome: 'archived' });
    const [row] = await db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.active).toBe(false);
    const after = await app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers });
    expect(after.statusCode).toBe(401);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, me.user.id), eq(auditLog.action, 'supervisor.archive')));
    expect(entry!.after).toMatchObject({ active: false });
    // Now the colleague is the only active supervisor of that site.
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/supervisors/${colleague.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('is for admins only', async () => {
    const client = await makeClient();
    const created = await create(client.id);
    const me = await t.signedIn('supervisor', { clientId: client.id });
    for (const headers of [me.headers]) {
      const del = await app.inject({ method: 'DELETE', url: `/api/supervisors/${created.id}`, headers });
      expect(del.statusCode).toBe(403);
      const put = await app.inject({
        method: 'PUT',
        url: `/api/supervisors/${me.user.id}`,
        headers,
        payload: { ...body({ clientId: client.id }), active: true },
      });
      expect(put.statusCode).toBe(403);
      const post = await app.inject({
        method: 'POST',
        url: '/api/supervisors',
        headers,
        payload: body({ clientId: client.id }),
      });
      expect(post.statusCode).toBe(403);
    }
  });
});

describe('POST /api/supervisors/:id/invitation', () => {
  it('sends again by the channel asked, falling back to e-mail without a phone', async () => {
    const client = await makeClient();
    const withPhone = await create(client.id, { phone: '819 555-0111' });
    const bySms = await app.inject({
      method: 'POST',
      url: `/api/supervisors/${withPhone.id}/invitation`,
      headers: admin.headers,
      payload: { channel: 'sms' },
    });
    expect(bySms.json()).toEqual({ channel: 'sms' });
    const noPhone = await create(client.id, { phone: null });
    const fallback = await app.inject({
      method: 'POST',
      url: `/api/supervisors/${noPhone.id}/invitation`,
      headers: admin.headers,
      payload: { channel: 'sms' },
    });
    expect(fallback.json()).toEqual({ channel: 'email' });
    const [message] = await db.select().from(outbox).where(eq(outbox.recipient, noPhone.email));
    expect(message).toMatchObject({ channel: 'email', language: 'fr', subject: 'Bienvenue dans Brigade' });
    const supervisor = await t.signedIn('supervisor');
    const forbidden = await app.inject({
      method: 'POST',
      url: `/api/supervisors/${noPhone.id}/invitation`,
      headers: supervisor.headers,
      payload: { channel: 'email' },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('is audited, and refused for an archived supervisor', async () => {
    const client = await makeClient();
    const created = await create(client.id);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/supervisors/${created.id}/invitation`,
      headers: admin.headers,
      payload: { channel: 'email' },
    });
    expect(sent.statusCode).toBe(200);
    const [audited] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'supervisor.invite')));
    expect(audited).toMatchObject({ entity: 'supervisor', after: { channel: 'email' } });

    await db.update(users).set({ active: false }).where(eq(users.id, created.id));
    const refused = await app.inject({
      method: 'POST',
      url: `/api/supervisors/${created.id}/invitation`,
      headers: admin.headers,
      payload: { channel: 'email' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', details: { reason: 'inactive' } });
  });
});

describe('seedSupervisors', () => {
  it('adds 30 foremen and attaches the demo sign-in to Construction Bérubé & Fils, twice without duplicates', async () => {
    const { seedSupervisors } = await import('../../seed/demo/supervisors.ts');
    const demo = await t.createUser({ role: 'supervisor', email: 'superviseur@demo.brigade.test' });
    const count = async () =>
      (await db.select({ id: users.id }).from(users).where(sql`${users.email} like '%.ca'`)).length;
    const before = await count();
    await seedSupervisors(db);
    expect((await count()) - before).toBe(30);
    await seedSupervisors(db);
    expect((await count()) - before).toBe(30);
    const [row] = await db.select().from(users).where(eq(users.id, demo.id));
    const [client] = await db.select().from(clients).where(eq(clients.id, row!.clientId!));
    expect(client!.name).toBe('Construction Bérubé & Fils');
    const seeded = await db.select().from(users).where(sql`${users.email} like 'marie-eve.bouchard@%'`);
    expect(seeded[0]).toMatchObject({ role: 'supervisor', passwordHash: null, phone: '+14385550202' });
    expect(seeded[0]!.searchText).toContain('marie-eve bouchard');
  });
});
