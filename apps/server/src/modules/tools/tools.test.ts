import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, employeeTools, tools, users } from '../../db/schema/index.ts';

const t = await buildTestApp();
const { app } = t;
const admin = await t.signedIn('admin');

function unique(prefix: string) {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

async function createTool(payload: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tools',
    headers: admin.headers,
    payload: { nameFr: unique('Outil'), nameEn: unique('Tool'), ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** A tool's fields as PUT wants them: the whole record. */
function toolFields(tool: { nameFr: string; nameEn: string; description: string | null; active: boolean }) {
  const { nameFr, nameEn, description, active } = tool;
  return { nameFr, nameEn, description, active };
}

describe('tools API', () => {
  it('offers every active tool for pickers, by French name, to admins only', async () => {
    const tag = randomUUID().slice(0, 6);
    const scie = await createTool({ nameFr: `Scie ${tag}`, nameEn: `Saw ${tag}` });
    const etau = await createTool({ nameFr: `Étau ${tag}`, nameEn: `Vise ${tag}` });
    const archived = await createTool({ nameFr: `Vieux ${tag}`, nameEn: `Old ${tag}`, active: false });
    const response = await app.inject({ method: 'GET', url: '/api/tools/options', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const items: { id: string; nameFr: string }[] = response.json().items;
    expect(items.filter((item) => item.nameFr.endsWith(tag))).toEqual([
      { id: etau.id, nameFr: `Étau ${tag}`, nameEn: `Vise ${tag}` },
      { id: scie.id, nameFr: `Scie ${tag}`, nameEn: `Saw ${tag}` },
    ]);
    expect(items.some((item) => item.id === archived.id)).toBe(false);
    const employee = await t.signedIn('employee');
    const refused = await app.inject({ method: 'GET', url: '/api/tools/options', headers: employee.headers });
    expect(refused.statusCode).toBe(403);
  });

  it('creates a tool (blank description → null) and audits it', async () => {
    const tool = await createTool({ description: '   ' });
    expect(tool).toMatchObject({
      description: null,
      active: true,
      ownerCount: 0,
      owners: [],
      deletable: true,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, tool.id));
    expect(entry).toMatchObject({ action: 'tool.create', entity: 'tool', actorId: admin.user.id });
  });

  it('validates the names and refuses duplicates whatever the case', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: admin.headers,
      payload: { nameFr: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['nameFr', 'nameEn']),
    );
    const existing = await createTool();
    const clash = await app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: admin.headers,
      payload: { nameFr: unique('Autre'), nameEn: existing.nameEn.toUpperCase() },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'nameEn' } });
    const other = await createTool();
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/tools/${other.id}`,
      headers: admin.headers,
      payload: { ...toolFields(other), nameFr: existing.nameFr.toLowerCase() },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().details.field).toBe('nameFr');
  });

  it('is for admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/tools' })).statusCode).toBe(401);
    for (const role of ['supervisor', 'employee'] as const) {
      const { headers } = await t.signedIn(role);
      for (const request of [
        { method: 'GET' as const, url: '/api/tools' },
        { method: 'POST' as const, url: '/api/tools', payload: { nameFr: unique('a'), nameEn: unique('b') } },
        { method: 'GET' as const, url: `/api/tools/${randomUUID()}` },
        {
          method: 'PUT' as const,
          url: `/api/tools/${randomUUID()}`,
          payload: { nameFr: unique('a'), nameEn: unique('b'), description: null, active: true },
        },
        { method: 'DELETE' as const, url: `/api/tools/${randomUUID()}` },
      ]) {
        expect((await app.inject({ ...request, headers })).statusCode, `${role} ${request.method}`).toBe(403);
      }
    }
  });

  it('updates a tool and audits before/after', async () => {
    const tool = await createTool();
    const response = await app.inject({
      method: 'PUT',
      url: `/api/tools/${tool.id}`,
      headers: admin.headers,
      payload: { ...toolFields(tool), description: 'Lame de 7 ¼ po' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ description: 'Lame de 7 ¼ po', nameFr: tool.nameFr });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, tool.id), eq(auditLog.action, 'tool.update')));
    expect(entry!.before).toMatchObject({ description: null });
    expect(entry!.after).toMatchObject({ description: 'Lame de 7 ¼ po' });
  });

  it('lists owners by name; deletes an unowned tool, archives an owned one', async () => {
    const free = await createTool();
    const owned = await createTool();
    for (const [first, last] of [
      ['Zoé', 'Tremblay'],
      ['Éric', 'Bélanger'],
    ] as const) {
      const employee = await t.createEmployee({ firstName: first, lastName: last });
      await t.db.insert(employeeTools).values({ employeeId: employee.id, toolId: owned.id });
    }
    const detail = (
      await app.inject({ method: 'GET', url: `/api/tools/${owned.id}`, headers: admin.headers })
    ).json();
    expect(detail.ownerCount).toBe(2);
    expect(detail.deletable).toBe(false);
    expect(detail.owners.map((o: { lastName: string }) => o.lastName)).toEqual(['Bélanger', 'Tremblay']);
    expect(Object.keys(detail.owners[0]).sort()).toEqual([
      'employeeId',
      'employeeNumber',
      'firstName',
      'lastName',
    ]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/tools/${free.id}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect(await t.db.select().from(tools).where(eq(tools.id, free.id))).toHaveLength(0);

    const archived = await app.inject({
      method: 'DELETE',
      url: `/api/tools/${owned.id}`,
      headers: admin.headers,
    });
    expect(archived.json()).toEqual({ outcome: 'archived' });
    const [row] = await t.db.select().from(tools).where(eq(tools.id, owned.id));
    expect(row!.active).toBe(false);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, owned.id))).map(
      (e) => e.action,
    );
    expect(actions).toContain('tool.archive');

    const back = await app.inject({
      method: 'PUT',
      url: `/api/tools/${owned.id}`,
      headers: admin.headers,
      payload: { ...toolFields(owned), active: true },
    });
    expect(back.json().active).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: `/api/tools/${free.id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('counts active owners only; names ignore accents and spacing', async () => {
    const tag = randomUUID().slice(0, 6);
    const tool = await createTool({
      nameFr: `Échelle  télescopique ${tag}`,
      nameEn: `Telescopic ladder ${tag}`,
    });
    expect(tool.nameFr).toBe(`Échelle télescopique ${tag}`);
    const twin = await app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: admin.headers,
      payload: { nameFr: `echelle telescopique ${tag}`, nameEn: `Other ${tag}` },
    });
    expect(twin.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'nameFr' } });

    const owner = await t.createEmployee({ firstName: 'Anne', lastName: 'Active' });
    const former = await t.createEmployee({ firstName: 'Paul', lastName: 'Parti' });
    await t.db.update(users).set({ active: false }).where(eq(users.id, former.id));
    await t.db.insert(employeeTools).values([
      { employeeId: owner.id, toolId: tool.id },
      { employeeId: former.id, toolId: tool.id },
    ]);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/tools/${tool.id}`, headers: admin.headers })
    ).json();
    expect(detail).toMatchObject({ ownerCount: 1, deletable: false });
    expect(detail.owners.map((o: { employeeId: string }) => o.employeeId)).toEqual([owner.id]);
    const listed = (
      await app.inject({ method: 'GET', url: `/api/tools?q=${tag}`, headers: admin.headers })
    ).json();
    expect(listed.items[0].ownerCount).toBe(1);
  });

  it('searches without accents, filters, sorts and pages', async () => {
    const tag = randomUUID().slice(0, 6);
    const saw = await createTool({ nameFr: `Scie circulaire ${tag}`, nameEn: `Circular saw ${tag}` });
    const level = await createTool({
      nameFr: `Niveau laser ${tag}`,
      nameEn: `Laser level ${tag}`,
      description: 'Autonivelant, trépied inclus',
    });
    const hammer = await createTool({ nameFr: `Marteau ${tag}`, nameEn: `Hammer ${tag}`, active: false });
    const owner = await t.createEmployee({ firstName: 'Anne', lastName: 'Roy' });
    await t.db.insert(employeeTools).values({ employeeId: owner.id, toolId: level.id });
    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/tools?${query}`, headers: admin.headers })).json();
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

    expect(ids(await list(`q=TREPIED%20${tag}`))).toEqual([level.id]);
    expect((await list(`q=${tag}`)).items[0]).toEqual({
      id: level.id,
      nameFr: level.nameFr,
      nameEn: level.nameEn,
      description: 'Autonivelant, trépied inclus',
      active: true,
      ownerCount: 1,
    });
    expect(ids(await list(`q=${tag}`))).toEqual([level.id, saw.id]);
    expect(ids(await list(`q=${tag}&active=false`))).toEqual([hammer.id]);
    expect(ids(await list(`q=${tag}&active=all&sort=nameEn`))).toEqual([saw.id, hammer.id, level.id]);
    expect(ids(await list(`q=${tag}&active=all&sort=ownerCount&order=desc`))[0]).toBe(level.id);
    const page = await list(`q=${tag}&active=all&pageSize=1&page=3`);
    expect(page).toMatchObject({ total: 3, page: 3, pageSize: 1 });
    expect(ids(page)).toEqual([saw.id]);
  });
});
