import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, clients, sessions, users } from '../../db/schema/index.ts';

const t = await buildTestApp();
const { app } = t;
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await t.signedIn('admin')).headers;
});

let counter = 0;
const unique = (name: string) => `${name} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function createClient(payload: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/clients', headers: admin, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function siteBody(supervisorIds: string[], extra: Record<string, unknown> = {}) {
  return { name: unique('Chantier'), city: 'Montréal', supervisorIds, ...extra };
}

describe('POST /api/clients', () => {
  it('creates a client, normalizing phone, e-mail and postal code, and audits it', async () => {
    const name = unique('Construction Bérubé & Fils');
    const client = await createClient({
      name,
      phone: '514 555-1234',
      email: ' Info@Berube.TEST ',
      street: '1200 rue Sainte-Catherine',
      city: 'Montréal',
      postalCode: 'h3b1k9',
      language: 'fr',
      notes: '',
    });
    expect(client).toMatchObject({
      name,
      phone: '+15145551234',
      email: 'info@berube.test',
      province: 'QC',
      postalCode: 'H3B 1K9',
      notes: null,
      active: true,
      sites: [],
      supervisors: [],
      deletable: true,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, client.id));
    expect(entry).toMatchObject({ action: 'client.create', entity: 'client' });
  });

  it('refuses a blank name, a bad postal code, a bad phone and an unknown province', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: '  ', postalCode: '12345', phone: '555', province: 'XX' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'postalCode', 'phone', 'province']));
  });

  it('answers 409 NAME_NOT_UNIQUE on name, whatever its case', async () => {
    const name = unique('Pomerleau-Lachance');
    await createClient({ name });
    const response = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: name.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'name' } });
  });

  it('is for admins only, and needs a session', async () => {
    for (const role of ['supervisor', 'employee'] as const) {
      const { headers } = await t.signedIn(role);
      const list = await app.inject({ method: 'GET', url: '/api/clients', headers });
      expect(list.statusCode).toBe(403);
      const create = await app.inject({
        method: 'POST',
        url: '/api/clients',
        headers,
        payload: { name: 'X' },
      });
      expect(create.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
  });
});

describe('PUT /api/clients/:id', () => {
  it('updates, audits before/after, and keeps names unique', async () => {
    const a = await createClient({ name: unique('Northline Builders') });
    const b = await createClient({ name: unique('Les Entreprises Gagnon-Pelletier') });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/clients/${a.id}`,
      headers: admin,
      payload: {
        name: a.name,
        city: 'Gatineau',
        province: 'QC',
        language: 'en',
        active: true,
        timesheetAutoSend: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Gatineau', language: 'en', timesheetAutoSend: true });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'client.update')));
    expect(entry!.before).toMatchObject({ city: null });
    expect(entry!.after).toMatchObject({ city: 'Gatineau' });

    const clash = await app.inject({
      method: 'PUT',
      url: `/api/clients/${a.id}`,
      headers: admin,
      payload: {
        name: b.name.toLowerCase(),
        province: 'QC',
        language: 'fr',
        active: true,
        timesheetAutoSend: false,
      },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details.field).toBe('name');
  });

  it('is a full replacement: a missing active, language or province is a 400 naming it, never a reset', async () => {
    const client = await createClient({ name: unique('Toitures Côté'), language: 'en', active: true });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/clients/${client.id}`,
      headers: admin,
      payload: { name: client.name },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['active', 'language', 'province', 'timesheetAutoSend']));
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ language: 'en', active: true });
  });

  it('answers 404 for an unknown client', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/clients/00000000-0000-4000-8000-000000000000',
      headers: admin,
      payload: { name: 'Nobody', province: 'QC', language: 'fr', active: true, timesheetAutoSend: false },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('unique names', () => {
  it('ignore accents, case and spacing, and are stored single-spaced', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const client = await createClient({ name: `  Construction   Bérubé & Fils ${tag} ` });
    expect(client.name).toBe(`Construction Bérubé & Fils ${tag}`);
    for (const name of [`Construction Berube & Fils ${tag}`, `CONSTRUCTION  BÉRUBÉ & FILS ${tag}`]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: admin,
        payload: { name },
      });
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'name' } });
    }
  });
});

describe('GET /api/clients', () => {
  it('sorts names without accents or case', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    for (const name of [`Toitures ${tag}`, `Électricité ${tag}`, `béton ${tag}`, `Acier ${tag}`])
      await createClient({ name });
    const sorted = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${tag}&sort=name`,
      headers: admin,
    });
    expect(sorted.json().items.map((c: { name: string }) => c.name.split(' ')[0])).toEqual([
      'Acier',
      'béton',
      'Électricité',
      'Toitures',
    ]);
  });

  it('searches without accents or case, filters, sorts and pages', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const one = await createClient({ name: `Hélène Rénovations ${tag}`, city: 'Québec', province: 'QC' });
    const two = await createClient({ name: `Helene Ontario ${tag}`, city: 'Ottawa', province: 'ON' });
    const three = await createClient({ name: `Béton Gélinas ${tag}`, city: 'Lévis', active: false });

    const search = await app.inject({ method: 'GET', url: `/api/clients?q=helene ${tag}`, headers: admin });
    expect(
      search
        .json()
        .items.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([one.id, two.id].sort());
    const accents = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${encodeURIComponent(`HÉLÈNE rénovations ${tag}`)}`,
      headers: admin,
    });
    expect(accents.json().items.map((c: { id: string }) => c.id)).toEqual([one.id]);

    const province = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${tag}&province=ON`,
      headers: admin,
    });
    expect(province.json().items.map((c: { id: string }) => c.id)).toEqual([two.id]);

    const inactive = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${tag}&active=false`,
      headers: admin,
    });
    expect(inactive.json().items.map((c: { id: string }) => c.id)).toEqual([three.id]);
    const activeOnly = await app.inject({ method: 'GET', url: `/api/clients?q=${tag}`, headers: admin });
    expect(activeOnly.json().total).toBe(2);

    const byCity = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${tag}&active=all&sort=city&order=desc`,
      headers: admin,
    });
    expect(byCity.json().items.map((c: { city: string }) => c.city)).toEqual(['Québec', 'Ottawa', 'Lévis']);

    const page2 = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${tag}&active=all&pageSize=2&page=2`,
      headers: admin,
    });
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().items).toHaveLength(1);
    const past = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${tag}&active=all&pageSize=2&page=5`,
      headers: admin,
    });
    expect(past.json()).toMatchObject({ total: 3, items: [] });
  });

  it('finds a client by phone digits and counts its sites and supervisors', async () => {
    const client = await createClient({ name: unique('Toitures Lemieux'), phone: '(819) 555-0199' });
    const supervisor = await t.createUser({ role: 'supervisor', clientId: client.id });
    await t.createUser({ role: 'supervisor', clientId: client.id, active: false });
    const today = new Date();
    const past = new Date(today.getTime() - 40 * 86_400_000).toISOString().slice(0, 10);
    const ended = new Date(today.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    for (const extra of [{}, { startDate: past, endDate: ended }, { archived: true }]) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/clients/${client.id}/sites`,
        headers: admin,
        payload: siteBody([supervisor.id], extra),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const response = await app.inject({ method: 'GET', url: '/api/clients?q=819 555-0199', headers: admin });
    expect(response.json().items).toEqual([
      expect.objectContaining({ id: client.id, siteCount: 3, activeSiteCount: 1, supervisorCount: 1 }),
    ]);
    const sorted = await app.inject({
      method: 'GET',
      url: '/api/clients?sort=siteCount&order=desc&pageSize=1',
      headers: admin,
    });
    expect(sorted.json().items[0].siteCount).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /api/clients/:id', () => {
  it('shows sites with status and supervisor names, and the client supervisors', async () => {
    const client = await createClient({ name: unique('Groupe Desjardins Construction') });
    const supervisor = await t.createUser({
      role: 'supervisor',
      clientId: client.id,
      firstName: 'Éric',
      lastName: 'Bouchard',
      phone: '+15145550111',
    });
    const site = await app.inject({
      method: 'POST',
      url: `/api/clients/${client.id}/sites`,
      headers: admin,
      payload: siteBody([supervisor.id], { po: 'PO-1234', jobNumber: 'J-77', type: 'gestion' }),
    });
    expect(site.statusCode, site.body).toBe(201);
    const response = await app.inject({ method: 'GET', url: `/api/clients/${client.id}`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      deletable: false,
      supervisors: [
        { id: supervisor.id, firstName: 'Éric', lastName: 'Bouchard', phone: '+15145550111', active: true },
      ],
      sites: [
        {
          po: 'PO-1234',
          jobNumber: 'J-77',
          type: 'gestion',
          status: 'active',
          clientName: client.name,
          supervisors: [{ id: supervisor.id, firstName: 'Éric', lastName: 'Bouchard' }],
        },
      ],
    });
    const missing = await app.inject({
      method: 'GET',
      url: '/api/clients/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('archiving a client', () => {
  it('archives its active supervisors and ends their sessions; reactivating leaves them archived', async () => {
    const client = await createClient({ name: unique('Coffrages Dubé') });
    const foreman = await t.signedIn('supervisor', { clientId: client.id });
    const alreadyArchived = await t.createUser({ role: 'supervisor', clientId: client.id, active: false });
    const put = (active: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/clients/${client.id}`,
        headers: admin,
        payload: { name: client.name, province: 'QC', language: 'fr', active, timesheetAutoSend: false },
      });
    const archived = await put(false);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().supervisors.every((s: { active: boolean }) => !s.active)).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, foreman.user.id));
    expect(row!.active).toBe(false);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, foreman.user.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: foreman.headers })).statusCode,
    ).toBe(401);
    const supervisorAudit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, foreman.user.id));
    expect(supervisorAudit.map((entry) => entry.action)).toEqual(['supervisor.archive']);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, alreadyArchived.id))).toHaveLength(
      0,
    );

    const back = await put(true);
    expect(back.json().active).toBe(true);
    const [still] = await t.db.select().from(users).where(eq(users.id, foreman.user.id));
    expect(still!.active).toBe(false);
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, client.id))
      .orderBy(auditLog.id);
    expect(actions.map((entry) => entry.action)).toEqual([
      'client.create',
      'client.archive',
      'client.reactivate',
    ]);
  });
});

describe('DELETE /api/clients/:id', () => {
  it('deletes a client nothing refers to', async () => {
    const client = await createClient({ name: unique('Excavation Tremblay') });
    const response = await app.inject({ method: 'DELETE', url: `/api/clients/${client.id}`, headers: admin });
    expect(response.json()).toEqual({ outcome: 'deleted', archivedSupervisors: 0 });
    expect(await t.db.select().from(clients).where(eq(clients.id, client.id))).toHaveLength(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, 'client.delete')));
    expect(entry).toBeDefined();
  });

  it('archives a client that has a supervisor, or a site', async () => {
    const withSupervisor = await createClient({ name: unique('Maçonnerie Roy') });
    await t.createUser({ role: 'supervisor', clientId: withSupervisor.id });
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${withSupervisor.id}`,
      headers: admin,
    });
    expect(response.json()).toEqual({ outcome: 'archived', archivedSupervisors: 1 });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, withSupervisor.id));
    expect(row!.active).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, withSupervisor.id), eq(auditLog.action, 'client.archive')));
    expect(entry!.after).toMatchObject({ active: false });

    const employee = await t.signedIn('employee');
    const forbidden = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${withSupervisor.id}`,
      headers: employee.headers,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
