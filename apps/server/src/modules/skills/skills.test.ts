import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, employeeSkills, skills, users } from '../../db/schema/index.ts';
import { addDays, companyToday, daysBetween } from '../../lib/calendar.ts';

const t = await buildTestApp();
const { app } = t;
const admin = await t.signedIn('admin');

function unique(prefix: string) {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/** A skill's fields as PUT wants them: the whole record. */
function skillFields(skill: {
  nameFr: string;
  nameEn: string;
  expirable: boolean;
  important: boolean;
  active: boolean;
}) {
  const { nameFr, nameEn, expirable, important, active } = skill;
  return { nameFr, nameEn, expirable, important, active };
}

async function createSkill(payload: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/skills',
    headers: admin.headers,
    payload: { nameFr: unique('Compétence'), nameEn: unique('Skill'), ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('POST /api/skills', () => {
  it('creates a skill with defaults and audits it', async () => {
    const skill = await createSkill({ nameFr: unique('Travail en hauteur'), expirable: true });
    expect(skill).toMatchObject({
      expirable: true,
      important: false,
      active: true,
      holderCount: 0,
      holders: [],
      deletable: true,
      expiring: { expired: 0, within30: 0, within60: 0, within90: 0, holders: [] },
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, skill.id));
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'skill.create', entity: 'skill' });
  });

  it('requires both names and says which field is wrong', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/skills',
      headers: admin.headers,
      payload: { nameFr: '   ', important: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['nameFr', 'nameEn', 'important']));
  });

  it('refuses a name another skill has, whatever its case (409 naming the field)', async () => {
    const existing = await createSkill();
    const sameFr = await app.inject({
      method: 'POST',
      url: '/api/skills',
      headers: admin.headers,
      payload: { nameFr: existing.nameFr.toUpperCase(), nameEn: unique('Other') },
    });
    expect(sameFr.statusCode).toBe(409);
    expect(sameFr.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'nameFr' } });
    const sameEn = await app.inject({
      method: 'POST',
      url: '/api/skills',
      headers: admin.headers,
      payload: { nameFr: unique('Autre'), nameEn: ` ${existing.nameEn.toLowerCase()} ` },
    });
    expect(sameEn.statusCode).toBe(409);
    expect(sameEn.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'nameEn' } });
  });

  it('is for admins only', async () => {
    const payload = { nameFr: unique('A'), nameEn: unique('B') };
    expect((await app.inject({ method: 'POST', url: '/api/skills', payload })).statusCode).toBe(401);
    for (const role of ['supervisor', 'employee'] as const) {
      const { headers } = await t.signedIn(role);
      for (const request of [
        { method: 'POST' as const, url: '/api/skills', payload },
        { method: 'GET' as const, url: '/api/skills' },
        { method: 'GET' as const, url: '/api/skills/options' },
        { method: 'GET' as const, url: `/api/skills/${randomUUID()}` },
        {
          method: 'PUT' as const,
          url: `/api/skills/${randomUUID()}`,
          payload: { ...payload, expirable: false, important: false, active: true },
        },
        { method: 'DELETE' as const, url: `/api/skills/${randomUUID()}` },
      ]) {
        const response = await app.inject({ ...request, headers });
        expect(response.statusCode, `${role} ${request.method} ${request.url}`).toBe(403);
      }
    }
  });
});

describe('PUT /api/skills/:id', () => {
  it('changes fields, keeps the search text, audits before/after', async () => {
    const skill = await createSkill();
    const nameFr = unique('Échafaudage');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
      payload: { ...skillFields(skill), nameFr, important: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ nameFr, nameEn: skill.nameEn, important: true });
    const [row] = await t.db.select().from(skills).where(eq(skills.id, skill.id));
    expect(row!.searchText).toContain('echafaudage');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, skill.id), eq(auditLog.action, 'skill.update')));
    expect(entry!.before).toMatchObject({ important: false });
    expect(entry!.after).toMatchObject({ important: true, nameFr });
  });

  it('keeps its own name (other case) but not another skill’s', async () => {
    const a = await createSkill();
    const b = await createSkill();
    const own = await app.inject({
      method: 'PUT',
      url: `/api/skills/${a.id}`,
      headers: admin.headers,
      payload: { ...skillFields(a), nameFr: a.nameFr.toUpperCase() },
    });
    expect(own.statusCode).toBe(200);
    const clash = await app.inject({
      method: 'PUT',
      url: `/api/skills/${a.id}`,
      headers: admin.headers,
      payload: { ...skillFields(a), nameEn: b.nameEn },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details.field).toBe('nameEn');
  });

  it('replaces the whole skill: a missing field is a 400 naming it, never a silent reset', async () => {
    const skill = await createSkill({ important: true });
    const { important: _omitted, ...withoutImportant } = skillFields(skill);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
      payload: withoutImportant,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields.map((field: { path: string }) => field.path)).toEqual([
      'important',
    ]);
  });

  it('answers 404 for an unknown skill and 400 for a malformed id', async () => {
    const missing = await app.inject({
      method: 'PUT',
      url: `/api/skills/${randomUUID()}`,
      headers: admin.headers,
      payload: {
        nameFr: unique('Inconnue'),
        nameEn: unique('Unknown'),
        expirable: false,
        important: false,
        active: true,
      },
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: '/api/skills/nope', headers: admin.headers });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/skills/:id', () => {
  it('deletes a skill nobody holds', async () => {
    const skill = await createSkill();
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await t.db.select().from(skills).where(eq(skills.id, skill.id))).toHaveLength(0);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, skill.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['skill.create', 'skill.delete']));
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('archives a skill someone holds, and PUT active:true brings it back', async () => {
    const skill = await createSkill();
    const holder = await t.createEmployee({ firstName: 'Luc', lastName: 'Bouchard' });
    await t.db.insert(employeeSkills).values({ employeeId: holder.id, skillId: skill.id });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
    });
    expect(detail.json().deletable).toBe(false);

    const response = await app.inject({
      method: 'DELETE',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ outcome: 'archived' });
    const [row] = await t.db.select().from(skills).where(eq(skills.id, skill.id));
    expect(row!.active).toBe(false);
    expect(await t.db.select().from(employeeSkills).where(eq(employeeSkills.skillId, skill.id))).toHaveLength(
      1,
    );
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, skill.id), eq(auditLog.action, 'skill.archive')));
    expect(entry!.after).toMatchObject({ active: false });

    const reactivated = await app.inject({
      method: 'PUT',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
      payload: { ...skillFields(skill), active: true },
    });
    expect(reactivated.json()).toMatchObject({ active: true });
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, skill.id))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['skill.create', 'skill.archive', 'skill.reactivate']);
  });
});

describe('names ignore accents, case and spacing', () => {
  it('refuses a name that differs only by accents or spaces, and stores names single-spaced', async () => {
    const tag = randomUUID().slice(0, 8);
    const skill = await createSkill({ nameFr: `Soudure  à l'arc ${tag}`, nameEn: `Arc   welding ${tag}` });
    expect(skill).toMatchObject({ nameFr: `Soudure à l'arc ${tag}`, nameEn: `Arc welding ${tag}` });
    const twin = await app.inject({
      method: 'POST',
      url: '/api/skills',
      headers: admin.headers,
      payload: { nameFr: `SOUDURE A L'ARC ${tag}`, nameEn: unique('Other') },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'nameFr' } });
  });
});

describe('archived workers', () => {
  it('are not counted among holders nor expiring certificates, but still keep the skill from being deleted', async () => {
    const today = companyToday();
    const skill = await createSkill({ expirable: true });
    const active = await t.createEmployee({ firstName: 'Anne', lastName: 'Active' });
    const archived = await t.createEmployee({ firstName: 'Paul', lastName: 'Archivé' });
    await t.db.update(users).set({ active: false }).where(eq(users.id, archived.id));
    await t.db.insert(employeeSkills).values([
      { employeeId: active.id, skillId: skill.id, expiresOn: addDays(today, 10) },
      { employeeId: archived.id, skillId: skill.id, expiresOn: addDays(today, 10) },
    ]);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/skills/${skill.id}`, headers: admin.headers })
    ).json();
    expect(detail.holderCount).toBe(1);
    expect(detail.holders.map((h: { employeeId: string }) => h.employeeId)).toEqual([active.id]);
    expect(detail.expiring).toMatchObject({ within30: 1, within90: 1 });
    expect(detail.expiring.holders).toHaveLength(1);
    expect(detail.deletable).toBe(false);
    const listed = (
      await app.inject({
        method: 'GET',
        url: `/api/skills?q=${encodeURIComponent(skill.nameFr)}`,
        headers: admin.headers,
      })
    ).json();
    expect(listed.items[0].holderCount).toBe(1);
  });
});

describe('GET /api/skills', () => {
  it('searches without accents or case, filters, sorts and pages', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await createSkill({
      nameFr: `Électricité ${tag}`,
      nameEn: `Electrical ${tag}`,
      important: true,
    });
    const b = await createSkill({ nameFr: `Échafaudage ${tag}`, nameEn: `Scaffolding ${tag}` });
    const c = await createSkill({ nameFr: `Soudage ${tag}`, nameEn: `Welding ${tag}`, active: false });
    const holder1 = await t.createEmployee({ firstName: 'Anne', lastName: 'Roy' });
    const holder2 = await t.createEmployee({ firstName: 'Marc', lastName: 'Roy' });
    await t.db.insert(employeeSkills).values([
      { employeeId: holder1.id, skillId: b.id },
      { employeeId: holder2.id, skillId: b.id },
      { employeeId: holder1.id, skillId: a.id },
    ]);
    const list = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/skills?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    const accents = await list(`q=ELECTRICITE%20${tag}`);
    expect(accents.items.map((s: { id: string }) => s.id)).toEqual([a.id]);
    expect(accents.items[0]).toEqual({
      id: a.id,
      nameFr: a.nameFr,
      nameEn: a.nameEn,
      expirable: false,
      important: true,
      active: true,
      holderCount: 1,
    });

    // Active only by default; the archived one with active=false or all.
    expect((await list(`q=${tag}`)).total).toBe(2);
    expect((await list(`q=${tag}&active=false`)).items.map((s: { id: string }) => s.id)).toEqual([c.id]);
    expect((await list(`q=${tag}&active=all`)).total).toBe(3);
    expect((await list(`q=${tag}&important=true`)).items.map((s: { id: string }) => s.id)).toEqual([a.id]);

    // Accented names sort among their letter: Échafaudage, Électricité, Soudage.
    const byName = await list(`q=${tag}&active=all&sort=nameFr`);
    expect(byName.items.map((s: { id: string }) => s.id)).toEqual([b.id, a.id, c.id]);
    const byEn = await list(`q=${tag}&active=all&sort=nameEn&order=desc`);
    expect(byEn.items.map((s: { id: string }) => s.id)).toEqual([c.id, b.id, a.id]);
    const byHolders = await list(`q=${tag}&active=all&sort=holderCount&order=desc`);
    expect(byHolders.items.map((s: { holderCount: number }) => s.holderCount)).toEqual([2, 1, 0]);
    const byImportant = await list(`q=${tag}&sort=important&order=desc`);
    expect(byImportant.items[0].id).toBe(a.id);

    const page2 = await list(`q=${tag}&active=all&pageSize=2&page=2`);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((s: { id: string }) => s.id)).toEqual([c.id]);
    const beyond = await list(`q=${tag}&active=all&pageSize=2&page=5`);
    expect(beyond).toMatchObject({ total: 3, items: [] });
  });

  it('refuses an unknown sort', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/skills?sort=password',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/skills/options', () => {
  it('offers every active skill by accent-free French name, without archived ones', async () => {
    const tag = randomUUID().slice(0, 6);
    const eleve = await createSkill({ nameFr: `Élévateur ${tag}`, nameEn: `Lift ${tag}`, expirable: true });
    const echafaud = await createSkill({ nameFr: `Echafaud ${tag}`, nameEn: `Scaffold ${tag}` });
    const archived = await createSkill({ nameFr: `Ancien ${tag}`, nameEn: `Old ${tag}`, active: false });
    const response = await app.inject({ method: 'GET', url: '/api/skills/options', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const items: { id: string; nameFr: string }[] = response.json().items;
    const mine = items.filter((item) => item.nameFr.endsWith(tag));
    expect(mine.map((item) => item.id)).toEqual([echafaud.id, eleve.id]);
    expect(mine[1]).toEqual({
      id: eleve.id,
      nameFr: `Élévateur ${tag}`,
      nameEn: `Lift ${tag}`,
      expirable: true,
      important: false,
    });
    expect(items.some((item) => item.id === archived.id)).toBe(false);
  });
});

describe('GET /api/skills/:id', () => {
  it('lists holders by name and counts certificates expiring within 30/60/90 days', async () => {
    const skill = await createSkill({ expirable: true });
    const today = companyToday();
    const people = [
      ['Zoé', 'Tremblay', addDays(today, -3)],
      ['Éric', 'Bélanger', addDays(today, 10)],
      ['Anne', 'Côté', addDays(today, 45)],
      ['Paul', 'Gagnon', addDays(today, 80)],
      ['Sara', 'Roy', addDays(today, 200)],
      ['Léa', 'Morin', null],
    ] as const;
    for (const [first, last, expiresOn] of people) {
      const employee = await t.createEmployee({ firstName: first, lastName: last });
      await t.db
        .insert(employeeSkills)
        .values({ employeeId: employee.id, skillId: skill.id, obtainedOn: '2024-01-15', expiresOn });
    }
    const response = await app.inject({
      method: 'GET',
      url: `/api/skills/${skill.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.holderCount).toBe(6);
    expect(detail.deletable).toBe(false);
    expect(detail.holders.map((h: { lastName: string }) => h.lastName)).toEqual([
      'Bélanger',
      'Côté',
      'Gagnon',
      'Morin',
      'Roy',
      'Tremblay',
    ]);
    expect(detail.holders[0]).toMatchObject({
      firstName: 'Éric',
      obtainedOn: '2024-01-15',
      expiresOn: addDays(today, 10),
      daysLeft: 10,
    });
    expect(detail.expiring).toMatchObject({ expired: 1, within30: 1, within60: 2, within90: 3 });
    expect(
      detail.expiring.holders.map((h: { lastName: string; daysLeft: number }) => [h.lastName, h.daysLeft]),
    ).toEqual([
      ['Tremblay', -3],
      ['Bélanger', 10],
      ['Côté', 45],
      ['Gagnon', 80],
    ]);
  });

  it('answers 404 for an unknown skill', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/skills/${randomUUID()}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('date helpers', () => {
  it('counts days across month ends and DST changes', () => {
    expect(addDays('2025-01-31', 30)).toBe('2025-03-02');
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
    expect(daysBetween('2025-03-10', '2025-03-08')).toBe(-2);
    // 03:30 UTC on 1 June is still 31 May in Toronto.
    expect(companyToday(new Date('2025-06-01T03:30:00Z'))).toBe('2025-05-31');
  });
});

describe('demo catalog seed', () => {
  it('loads skills and tools once, however often it runs', async () => {
    const { seedCatalog } = await import('../../seed/demo/catalog.ts');
    const { tools } = await import('../../db/schema/index.ts');
    await seedCatalog(t.db);
    const skillsOnce = (await t.db.select().from(skills)).length;
    const toolsOnce = (await t.db.select().from(tools)).length;
    await seedCatalog(t.db);
    expect((await t.db.select().from(skills)).length).toBe(skillsOnce);
    expect((await t.db.select().from(tools)).length).toBe(toolsOnce);
    const response = await app.inject({
      method: 'GET',
      url: '/api/skills?q=securite%20chantiers',
      headers: admin.headers,
    });
    expect(response.json().items[0].nameFr).toContain('ASP Construction');
  });
});
