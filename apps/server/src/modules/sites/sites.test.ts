import { siteStatusOn } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, siteSupervisors, sites } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { canReadSite, canWriteSites, siteListScope } from './policy.ts';

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
    const response = await app.inject({
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      headers: admin,
      payload: { name: 'Phase 1 — Bloc A', supervisorIds: [other.id], type: 'gestion', po: 'PO-2' },
    });
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

    const clash = await app.inject({
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      headers: admin,
      payload: { name: 'phase 2', supervisorIds: [other.id] },
    });
    expect(clash.statusCode).toBe(409);
    const none = await app.inject({
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      headers: admin,
      payload: { name: 'Phase 1', supervisorIds: [] },
    });
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
    const write = await app.inject({
      method: 'PUT',
      url: `/api/sites/${mine.id}`,
      headers,
      payload: { name: 'x', supervisorIds: [supervisor.id] },
    });
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
    const response = await app.inject({
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      headers: admin,
      payload: { name: site.name, supervisorIds: [supervisor.id], archived: true },
    });
    expect(response.json()).toMatchObject({ archived: true, status: 'inactive' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, site.id), eq(auditLog.action, 'site.archive')));
    expect(entry).toBeDefined();
  });
});

describe('sites policy', () => {
  it('scopes lists and reads by role', () => {
    expect(siteListScope({ userId: 'a', role: 'admin' })).toEqual({ kind: 'all' });
    expect(siteListScope({ userId: 's', role: 'supervisor' })).toEqual({
      kind: 'supervised',
      supervisorId: 's',
    });
    expect(siteListScope({ userId: 'e', role: 'employee' })).toBeNull();
    expect(canReadSite({ userId: 's', role: 'supervisor' }, ['s'])).toBe(true);
    expect(canReadSite({ userId: 's', role: 'supervisor' }, ['t'])).toBe(false);
    expect(canReadSite({ userId: 'e', role: 'employee' }, ['e'])).toBe(false);
    expect(canWriteSites({ userId: 's', role: 'supervisor' })).toBe(false);
    expect(canWriteSites({ userId: 'a', role: 'admin' })).toBe(true);
  });
});
