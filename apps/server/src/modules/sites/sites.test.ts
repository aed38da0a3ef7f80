import { setTimeout as sleep } from 'node:timers/promises';
import { siteStatusOn } from '@brigade/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { may } from '../../lib/policy.ts';
import { siteListScope, sitesPolicy } from './policy.ts';

const t = await buildTestApp();
const { app } = t;
let admin: Record<string, string>;

const today = companyToday();
function shift(days: number): string {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

let counter = 0;
const unique = (name: string) => `${name} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function newClient() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: { name: unique('Construction Bérubé') },
  });
  expect(response.statusCode, response.body).toBe(201);
  const client = response.json();
  const supervisor = await t.createUser({ role: 'supervisor', clientId: client.id });
  return { client, supervisor };
}

async function postSite(clientId: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/clients/${clientId}/sites`, headers: admin, payload });
}

async function createSite(clientId: string, supervisorIds: string[], extra: Record<string, unknown> = {}) {
  const response = await postSite(clientId, { name: unique('Chantier'), supervisorIds, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A PUT body: the whole site as the API shows it, with some fields changed. */
function fullSite(
  site: Record<string, unknown> & { supervisors: { id: string }[] },
  changes: Record<string, unknown> = {},
) {
  const { id, clientId, clientName, status, supervisors, deletable, ...fields } = site;
  return { ...fields, supervisorIds: supervisors.map((s) => s.id), ...changes };
}

function putSite(id: string, payload: Record<string, unknown>, headers = admin) {
  return app.inject({ method: 'PUT', url: `/api/sites/${id}`, headers, payload });
}

beforeAll(async () => {
  admin = (await t.signedIn('admin')).headers;
});

describe('site status (derived)', () => {
  it('is inactive once archived or ended, upcoming before its start, active otherwise', () => {
    const day = '2025-06-15';
    expect(siteStatusOn({ archived: false, startDate: null, endDate: null }, day)).toBe('active');
    expect(siteStatusOn({ archived: false, startDate: '2025-06-15', endDate: '2025-06-15' }, day)).toBe(
      'active',
    );
    expect(siteStatusOn({ archived: false, startDate: null, endDate: '2025-06-14' }, day)).toBe('inactive');
    expect(siteStatusOn({ archived: false, startDate: '2025-06-16', endDate: null }, day)).toBe('upcoming');
    expect(siteStatusOn({ archived: true, startDate: '2025-06-16', endDate: null }, day)).toBe('inactive');
  });

  it('is computed by the API and filters lists in SQL', async () => {
    const { client, supervisor } = await newClient();
    const active = await createSite(client.id, [supervisor.id], { startDate: shift(-5), endDate: shift(0) });
    const ended = await createSite(client.id, [supervisor.id], { startDate: shift(-30), endDate: shift(-1) });
    const upcoming = await createSite(client.id, [supervisor.id], { startDate: shift(1) });
    const archived = await createSite(client.id, [supervisor.id], { archived: true });
    expect([active.status, ended.status, upcoming.status, archived.status]).toEqual([
      'active',
      'inactive',
      'upcoming',
      'inactive',
    ]);
    const ids = async (status: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sites?clientId=${client.id}&status=${status}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .items.map((s: { id: string }) => s.id)
        .sort();
    };
    expect(await ids('active')).toEqual([active.id]);
    expect(await ids('upcoming')).toEqual([upcoming.id]);
    expect(await ids('inactive')).toEqual([ended.id, archived.id].sort());
    expect(await ids('all')).toHaveLength(4);
  });
});

describe('POST /api/clients/:id/sites', () => {
  it('creates a site with its supervisors, coordinates and fields, and audits it', async () => {
    const { client, supervisor } = await newClient();
    const second = await t.createUser({ role: 'supervisor', clientId: client.id, lastName: 'Arsenault' });
    const response = await postSite(client.id, {
      name: 'Tour Évolution',
      street: '333 boul. René-Lévesque',
      city: 'Québec',
      postalCode: 'g1r2b5',
      latitude: 46.8065,
      longitude: -71.2166,
      po: 'PO-9001',
      jobNumber: 'J-42',
      type: 'contract',
      adminHoursName: 'Sophie Tremblay',
      adminHoursEmail: 'Heures@Client.test',
      supervisorIds: [supervisor.id, second.id],
      startDate: '01/03/2025',
      endDate: '2099-12-31',
      comments: 'Entrée par la rue Saint-Jean',
    });
    expect(response.statusCode, response.body).toBe(201);
    const site = response.json();
    expect(site).toMatchObject({
      clientId: client.id,
      clientName: client.name,
      name: 'Tour Évolution',
      postalCode: 'G1R 2B5',
      latitude: 46.8065,
      longitude: -71.2166,
      type: 'contract',
      adminHoursEmail: 'heures@client.test',
      startDate: '2025-03-01',
      status: 'active',
      archived: false,
    });
    expect(site.supervisors.map((s: { id: string }) => s.id)).toEqual([second.id, supervisor.id]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, site.id), eq(auditLog.action, 'site.create')));
    expect(entry!.after).toMatchObject({
      name: 'Tour Évolution',
      supervisorIds: [supervisor.id, second.id].sort(),
    });
  });

  it('needs at least one supervisor, of this client, active', async () => {
    const { client } = await newClient();
    const other = await newClient();
    const inactive = await t.createUser({ role: 'supervisor', clientId: client.id, active: false });
    const employee = await t.createUser({ role: 'employee' });
    const none = await postSite(client.id, { name: 'Sans superviseur', supervisorIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().details.fields.map((f: { path: string }) => f.path)).toContain('supervisorIds');
    for (const id of [other.supervisor.id, inactive.id, employee.id]) {
      const response = await postSite(client.id, { name: unique('Mauvais'), supervisorIds: [id] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [{ path: 'supervisorIds' }] },
      });
    }
    expect(await t.db.select().from(sites).where(eq(sites.clientId, client.id))).toHaveLength(0);
  });

  it('refuses an end date before the start date, and half coordinates', async () => {
    const { client, supervisor } = await newClient();
    const dates = await postSite(client.id, {
      name: 'Dates',
      supervisorIds: [supervisor.id],
      startDate: '2025-05-10',
      endDate: '2025-05-09',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().details.fields.map((f: { path: string }) => f.path)).toEqual(['endDate']);
    const coordinates = await postSite(client.id, {
      name: 'Coords',
      supervisorIds: [supervisor.id],
      latitude: 45.5,
    });
    expect(coordinates.statusCode).toBe(400);
    expect(coordinates.json().details.fields.map((f: { path: string }) => f.path)).toEqual(['longitude']);
    const outOfRange = await postSite(client.id, {
      name: 'Coords',
      supervisorIds: [supervisor.id],
      latitude: 145.5,
      longitude: -73,
    });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('keeps names unique within a client (case-insensitive), not across clients', async () => {
    const a = await newClient();
    const b = await newClient();
    await createSite(a.client.id, [a.supervisor.id], { name: 'Complexe Sainte-Foy' });
    const clash = await postSite(a.client.id, {
      name: 'COMPLEXE SAINTE-FOY',
      supervisorIds: [a.supervisor.id],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'name' } });
    await createSite(b.client.id, [b.supervisor.id], { name: 'Complexe Sainte-Foy' });
  });

  it('keeps names unique whatever their accents and spacing, and stores them single-spaced', async () => {
    const { client, supervisor } = await newClient();
    const site = await createSite(client.id, [supervisor.id], { name: '  Aréna   Saint-Éloi ' });
    expect(site.name).toBe('Aréna Saint-Éloi');
    const clash = await postSite(client.id, { name: 'ARENA saint-eloi', supervisorIds: [supervisor.id] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'name' } });
  });

  it('answers 404 for an unknown client and 403 for a non-admin', async () => {
    const { client, supervisor } = await newClient();
    const missing = await postSite('00000000-0000-4000-8000-000000000000', {
      name: 'Nulle part',
      supervisorIds: [supervisor.id],
    });
    expect(missing.statusCode).toBe(404);
    const asSupervisor = await t.login(supervisor.email);
    const response = await app.inject({
      method: 'POST',
      url: `/api/clients/${client.id}/sites`,
      headers: { authorization: `Bearer ${asSupervisor.token}` },
      payload: { name: 'Le mien', supervisorIds: [supervisor.id] },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/sites/:id', () => {
  it('changes fields and supervisors, audits before/after, and checks unique names', async () => {
    const { client, supervisor } = await newClient();
    const other = await t.createUser({ role: 'supervisor', clientId: client.id });
    const site = await createSite(client.id, [supervisor.id], { name: 'Phase 1' });
    await createSite(client.id, [supervisor.id], { name: 'Phase 2' });
    const response = await putSite(
      site.id,
      fullSite(site, { name: 'Phase 1 — Bloc A', supervisorIds: [other.id], type: 'gestion', po: 'PO-2' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Phase 1 — Bloc A', type: 'gestion', po: 'PO-2' });
    expect(response.json().supervisors.map((s: { id: string }) => s.id)).toEqual([other.id]);
    const links = await t.db.select().from(siteSupervisors).where(eq(siteSupervisors.siteId, site.id));
    expect(links.map((l) => l.supervisorId)).toEqual([other.id]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, site.id), eq(auditLog.action, 'site.update')));
    expect(entry!.before).toMatchObject({ name: 'Phase 1', supervisorIds: [supervisor.id] });
    expect(entry!.after).toMatchObject({ name: 'Phase 1 — Bloc A', supervisorIds: [other.id] });

    const clash = await putSite(site.id, fullSite(site, { name: 'phase 2', supervisorIds: [other.id] }));
    expect(clash.statusCode).toBe(409);
    const none = await putSite(site.id, fullSite(site, { name: 'Phase 1', supervisorIds: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().details.fields[0].path).toBe('supervisorIds');
  });
});

describe('GET /api/sites', () => {
  it('lets a supervisor read only the sites they supervise; employees are refused', async () => {
    const { client, supervisor } = await newClient();
    const colleague = await t.createUser({ role: 'supervisor', clientId: client.id });
    const mine = await createSite(client.id, [supervisor.id, colleague.id]);
    const theirs = await createSite(client.id, [colleague.id]);
    const { token } = await t.login(supervisor.email);
    const headers = { authorization: `Bearer ${token}` };

    const list = await app.inject({ method: 'GET', url: '/api/sites', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    expect(list.json().total).toBe(1);
    expect((await app.inject({ method: 'GET', url: `/api/sites/${mine.id}`, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/sites/${theirs.id}`, headers })).statusCode).toBe(
      403,
    );
    const write = await putSite(mine.id, fullSite(mine, { name: 'x' }), headers);
    expect(write.statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/sites/${mine.id}`, headers })).statusCode).toBe(
      403,
    );

    const employee = await t.signedIn('employee');
    expect(
      (await app.inject({ method: 'GET', url: '/api/sites', headers: employee.headers })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/sites/${mine.id}`, headers: employee.headers }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/sites' })).statusCode).toBe(401);
  });

  it('searches PO, job number and names without accents, sorts and pages', async () => {
    const { client, supervisor } = await newClient();
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await createSite(client.id, [supervisor.id], { name: `Îlot Saint-Éloi ${tag}`, city: 'Lévis' });
    const b = await createSite(client.id, [supervisor.id], {
      name: `Gare ${tag}`,
      po: `PO-${tag}`,
      city: 'Gatineau',
    });
    const c = await createSite(client.id, [supervisor.id], {
      name: `Aréna ${tag}`,
      jobNumber: 'J-5',
      city: 'Montréal',
    });
    const search = async (q: string) =>
      (await app.inject({ method: 'GET', url: `/api/sites?q=${encodeURIComponent(q)}`, headers: admin }))
        .json()
        .items.map((s: { id: string }) => s.id);
    expect(await search(`ilot saint-eloi ${tag}`)).toEqual([a.id]);
    expect(await search(`po-${tag}`)).toEqual([b.id]);
    expect(await search(`arena ${tag} j-5`)).toEqual([c.id]);

    const sorted = await app.inject({
      method: 'GET',
      url: `/api/sites?clientId=${client.id}&sort=city&order=desc&pageSize=2`,
      headers: admin,
    });
    expect(sorted.json().total).toBe(3);
    expect(sorted.json().items.map((s: { city: string }) => s.city)).toEqual(['Montréal', 'Lévis']);
    const page2 = await app.inject({
      method: 'GET',
      url: `/api/sites?clientId=${client.id}&sort=city&order=desc&pageSize=2&page=2`,
      headers: admin,
    });
    expect(page2.json().items.map((s: { city: string }) => s.city)).toEqual(['Gatineau']);
    // Past the last page: no row, still the total.
    const past = await app.inject({
      method: 'GET',
      url: `/api/sites?clientId=${client.id}&pageSize=2&page=7`,
      headers: admin,
    });
    expect(past.json()).toMatchObject({ items: [], total: 3, page: 7 });
  });
});

describe('sites of an archived client', () => {
  it('count as inactive; no site can be added to or changed for the client until it is reactivated', async () => {
    const { client, supervisor } = await newClient();
    const site = await createSite(client.id, [supervisor.id]);
    expect(site.status).toBe('active');
    const archived = await app.inject({ method: 'DELETE', url: `/api/clients/${client.id}`, headers: admin });
    expect(archived.json()).toEqual({ outcome: 'archived', archivedSupervisors: 1 });

    const read = await app.inject({ method: 'GET', url: `/api/sites/${site.id}`, headers: admin });
    expect(read.json()).toMatchObject({ archived: false, status: 'inactive' });
    const inactive = await app.inject({
      method: 'GET',
      url: `/api/sites?clientId=${client.id}&status=inactive`,
      headers: admin,
    });
    expect(inactive.json().total).toBe(1);
    const listed = await app.inject({ method: 'GET', url: '/api/clients?active=false', headers: admin });
    const row = listed.json().items.find((c: { id: string }) => c.id === client.id);
    expect(row).toMatchObject({ siteCount: 1, activeSiteCount: 0, supervisorCount: 0 });

    const created = await postSite(client.id, { name: unique('Chantier'), supervisorIds: [supervisor.id] });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ code: 'CLIENT_ARCHIVED' });
    const changed = await putSite(site.id, fullSite(read.json(), { po: 'PO-9' }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'CLIENT_ARCHIVED' });
  });
});

describe('search by client name', () => {
  it('finds a site by its client name, also after the client is renamed', async () => {
    const { client, supervisor } = await newClient();
    const tag = Math.random().toString(36).slice(2, 8);
    const site = await createSite(client.id, [supervisor.id]);
    const search = async (q: string) =>
      (await app.inject({ method: 'GET', url: `/api/sites?q=${encodeURIComponent(q)}`, headers: admin }))
        .json()
        .items.map((s: { id: string }) => s.id);
    expect(await search(client.name)).toContain(site.id);
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/clients/${client.id}`,
      headers: admin,
      payload: {
        name: `Échafaudages Hébert ${tag}`,
        province: 'QC',
        language: 'fr',
        active: true,
        timesheetAutoSend: false,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search(`echafaudages hebert ${tag}`)).toEqual([site.id]);
    expect(await search(client.name)).not.toContain(site.id);
  });
});

describe('sorting by name', () => {
  it("lists a site's supervisors by name, accents aside", async () => {
    const { client } = await newClient();
    const people = [] as string[];
    for (const lastName of ['Zorn', 'Émond', 'Bédard']) {
      people.push((await t.createUser({ role: 'supervisor', clientId: client.id, lastName })).id);
    }
    const site = await createSite(client.id, people);
    expect(site.supervisors.map((s: { lastName: string }) => s.lastName)).toEqual([
      'Bédard',
      'Émond',
      'Zorn',
    ]);
  });

  it('ignores accents and case, on both databases', async () => {
    const { client, supervisor } = await newClient();
    for (const name of ['toitures nord', 'Électricité est', 'Aréna ouest', 'Béton sud'])
      await createSite(client.id, [supervisor.id], { name });
    const sorted = await app.inject({
      method: 'GET',
      url: `/api/sites?clientId=${client.id}&sort=name`,
      headers: admin,
    });
    expect(sorted.json().items.map((s: { name: string }) => s.name)).toEqual([
      'Aréna ouest',
      'Béton sud',
      'Électricité est',
      'toitures nord',
    ]);
    const detail = await app.inject({ method: 'GET', url: `/api/clients/${client.id}`, headers: admin });
    expect(detail.json().sites[0].supervisors).toHaveLength(1);
    expect(detail.json().sites.map((s: { name: string }) => s.name)).toEqual([
      'Aréna ouest',
      'Béton sud',
      'Électricité est',
      'toitures nord',
    ]);
  });
});

/**
 * On PostgreSQL, waits until another connection is blocked on a lock (the request under test has
 * reached it). PGlite runs one transaction at a time, and every query waits for the open one, so
 * there the request simply runs after ours: nothing to wait for.
 */
async function untilARequestWaitsForALock() {
  if (!process.env.TEST_DATABASE_URL) return;
  for (let i = 0; i < 200; i++) {
    const result = await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) return;
    await sleep(10);
  }
  throw new Error('no request waited for the lock');
}

describe('concurrent edits (supervisor rows are locked)', () => {
  it('a site edit waiting on a supervisor being archived is refused once the archive commits', async () => {
    const { client, supervisor } = await newClient();
    const colleague = await t.createUser({ role: 'supervisor', clientId: client.id });
    const site = await createSite(client.id, [supervisor.id, colleague.id]);
    let edit: ReturnType<typeof putSite> | undefined;
    // Archiving `supervisor` (the site still has `colleague`), while the site is edited to keep only them.
    await t.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, supervisor.id)).for('update');
      edit = putSite(site.id, fullSite(site, { supervisorIds: [supervisor.id] }));
      await untilARequestWaitsForALock();
      await tx.update(users).set({ active: false }).where(eq(users.id, supervisor.id));
    });
    const response = await edit!;
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details.fields[0]).toMatchObject({
      path: 'supervisorIds',
      message: 'invalid_supervisor',
    });
  });

  it('archiving a supervisor waiting on a site edit sees the site left to them, and is refused', async () => {
    const { client, supervisor } = await newClient();
    const colleague = await t.createUser({ role: 'supervisor', clientId: client.id });
    const site = await createSite(client.id, [supervisor.id, colleague.id]);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/supervisors/${supervisor.id}`, headers: admin })
    ).json();
    const archiveBody = {
      firstName: detail.firstName,
      lastName: detail.lastName,
      email: detail.email,
      phone: detail.phone,
      language: detail.language,
      clientId: client.id,
      active: false,
    };
    let archive: Promise<{ statusCode: number; json(): { code: string } }> | undefined;
    // The site is edited to keep only `supervisor` (locked, as the edit does), while they are archived.
    await t.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, supervisor.id)).for('update');
      archive = app.inject({
        method: 'PUT',
        url: `/api/supervisors/${supervisor.id}`,
        headers: admin,
        payload: archiveBody,
      });
      await untilARequestWaitsForALock();
      await tx
        .delete(siteSupervisors)
        .where(and(eq(siteSupervisors.siteId, site.id), eq(siteSupervisors.supervisorId, colleague.id)));
    });
    const response = await archive!;
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
    const [row] = await t.db.select().from(users).where(eq(users.id, supervisor.id));
    expect(row!.active).toBe(true);
  });
});

describe('DELETE /api/sites/:id', () => {
  it('deletes a site nothing refers to, with its supervisor links, and audits it', async () => {
    const { client, supervisor } = await newClient();
    const site = await createSite(client.id, [supervisor.id]);
    const response = await app.inject({ method: 'DELETE', url: `/api/sites/${site.id}`, headers: admin });
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await t.db.select().from(sites).where(eq(sites.id, site.id))).toHaveLength(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, site.id), eq(auditLog.action, 'site.delete')));
    expect(entry).toBeDefined();
    const again = await app.inject({ method: 'DELETE', url: `/api/sites/${site.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('archives via PUT (archived) and the site turns inactive', async () => {
    const { client, supervisor } = await newClient();
    const site = await createSite(client.id, [supervisor.id]);
    const response = await putSite(site.id, fullSite(site, { archived: true }));
    expect(response.json()).toMatchObject({ archived: true, status: 'inactive' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, site.id), eq(auditLog.action, 'site.archive')));
    expect(entry).toBeDefined();
    const back = await putSite(site.id, fullSite(response.json(), { archived: false }));
    expect(back.json()).toMatchObject({ archived: false, status: 'active' });
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.entityId, site.id));
    expect(actions.map((a) => a.action)).toContain('site.reactivate');
  });

  it('says whether DELETE would remove the site (nothing refers to it yet)', async () => {
    const { client, supervisor } = await newClient();
    const site = await createSite(client.id, [supervisor.id]);
    expect(site.deletable).toBe(true);
    const detail = await app.inject({ method: 'GET', url: `/api/clients/${client.id}`, headers: admin });
    expect(detail.json().sites.map((s: { deletable: boolean }) => s.deletable)).toEqual([true]);
  });
});

describe('sites policy', () => {
  it('scopes lists and reads by role', () => {
    expect(siteListScope({ userId: 'a', role: 'admin', scope: null })).toEqual({ kind: 'all' });
    expect(siteListScope({ userId: 's', role: 'supervisor', scope: null })).toEqual({
      kind: 'supervised',
      supervisorId: 's',
    });
    expect(siteListScope({ userId: 'e', role: 'employee', scope: null })).toBeNull();
    const supervisor = { userId: 's', role: 'supervisor', scope: null } as const;
    const employee = { userId: 'e', role: 'employee', scope: null } as const;
    expect(may(supervisor, sitesPolicy.read, { supervisorIds: ['s'] })).toBe(true);
    expect(may(supervisor, sitesPolicy.read, { supervisorIds: ['t'] })).toBe(false);
    expect(may(employee, sitesPolicy.read, { supervisorIds: ['e'] })).toBe(false);
    expect(may(supervisor, sitesPolicy.write)).toBe(false);
    expect(may({ userId: 'a', role: 'admin', scope: null }, sitesPolicy.write)).toBe(true);
  });
});
