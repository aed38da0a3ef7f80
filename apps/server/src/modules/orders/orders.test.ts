import { searchable } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { assignations, auditLog, employeeSkills, skills, tools, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');

const call = t.callAs(admin.headers);

const today = companyToday();
let client: { id: string };
let site: { id: string };
let supervisor: { id: string };
let otherSite: { id: string };
let carpentry: { id: string };
let harness: { id: string };

beforeAll(async () => {
  client = (await call('POST', '/clients', { name: 'Construction Bérubé' })).json();
  supervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: client.id });
  site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Tour Deschamps',
      supervisorIds: [supervisor.id],
    })
  ).json();
  const other = (await call('POST', '/clients', { name: 'Pomerleau' })).json();
  const otherSupervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: other.id });
  otherSite = (
    await call('POST', `/clients/${other.id}/sites`, {
      name: 'Gare Centrale',
      supervisorIds: [otherSupervisor.id],
    })
  ).json();
  carpentry = (
    await t.db.insert(skills).values({ nameFr: 'Charpentier-menuisier', nameEn: 'Carpenter' }).returning()
  )[0] as { id: string };
  harness = (await t.db.insert(tools).values({ nameFr: 'Harnais', nameEn: 'Harness' }).returning())[0] as {
    id: string;
  };
});

const order = (extra: Record<string, unknown> = {}) => ({
  clientId: client.id,
  siteId: site.id,
  supervisorId: supervisor.id,
  skills: [{ skillId: carpentry.id, mandatory: true }],
  toolIds: [harness.id],
  workersNeeded: 6,
  startsOn: addDays(today, 7),
  endsOn: addDays(today, 11),
  dailyStart: '07:00',
  dailyEnd: '15:30',
  heightMetres: 12,
  priority: 1,
  notes: 'Coffrage des dalles',
  ...extra,
});

const fieldsOf = (body: { details?: { fields?: { path: string; message: string }[] } }) =>
  (body.details?.fields ?? []).map((f) => `${f.path}:${f.message}`);

describe('orders', () => {
  it('creates an order with its skills, tools and supervisor, open, in the audit log', async () => {
    const response = await call('POST', '/orders', order());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      client: { id: client.id, name: 'Construction Bérubé' },
      site: { id: site.id, name: 'Tour Deschamps' },
      supervisor: { id: supervisor.id },
      workersNeeded: 6,
      dailyStart: '07:00',
      dailyEnd: '15:30',
      heightMetres: 12,
      priority: 1,
      status: 'open',
      confirmed: 0,
      pending: 0,
      skills: [{ skillId: carpentry.id, nameFr: 'Charpentier-menuisier', mandatory: true }],
      tools: [{ toolId: harness.id, nameFr: 'Harnais' }],
      assignations: [],
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit?.action).toBe('order.create');
  });

  it('lists its trades mandatory first, then by French name with accents set aside', async () => {
    const [sheetMetal, electricity] = await t.db
      .insert(skills)
      .values([
        { nameFr: 'Ferblanterie', nameEn: 'Sheet metal' },
        { nameFr: 'Électricité', nameEn: 'Electricity' },
      ])
      .returning();
    const asked = [sheetMetal!, electricity!].map((skill) => ({ skillId: skill.id, mandatory: false }));
    const response = await call(
      'POST',
      '/orders',
      order({ skills: [...asked, { skillId: carpentry.id, mandatory: true }] }),
    );
    expect(response.statusCode).toBe(201);
    const names = (response.json().skills as { nameFr: string }[]).map((skill) => skill.nameFr);
    expect(names).toEqual(['Charpentier-menuisier', 'Électricité', 'Ferblanterie']);
  });

  it('refuses an order in the past, end before start, no worker, bad hours, every problem at once', async () => {
    const response = await call(
      'POST',
      '/orders',
      order({
        startsOn: addDays(today, 3),
        endsOn: addDays(today, 2),
        workersNeeded: 0,
        dailyStart: '07:10',
        skills: [],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(
      expect.arrayContaining(['endsOn:end_before_start', 'dailyStart:quarter_hour', 'skills:required']),
    );
    expect(response.json().details.fields).toContainEqual(
      expect.objectContaining({ path: 'workersNeeded', code: 'too_small', minimum: 1 }),
    );
    const past = await call('POST', '/orders', order({ startsOn: addDays(today, -1) }));
    expect(past.statusCode).toBe(400);
    expect(fieldsOf(past.json())).toEqual(['startsOn:in_past']);
    // Today is not the past (Montréal time).
    expect((await call('POST', '/orders', order({ startsOn: today }))).statusCode).toBe(201);
  });

  it('refuses a site of another client, an ended site, a supervisor of another site, an archived client', async () => {
    const wrongSite = await call('POST', '/orders', order({ siteId: otherSite.id }));
    expect(fieldsOf(wrongSite.json())).toEqual(['siteId:not_of_client', 'supervisorId:invalid_supervisor']);
    const ended = (
      await call('POST', `/clients/${client.id}/sites`, {
        name: 'Vieux chantier',
        supervisorIds: [supervisor.id],
        startDate: addDays(today, -60),
        endDate: addDays(today, -1),
      })
    ).json();
    const endedAnswer = await call('POST', '/orders', order({ siteId: ended.id, supervisorId: null }));
    expect(fieldsOf(endedAnswer.json())).toEqual(['siteId:site_inactive']);
    const archived = (await call('POST', '/clients', { name: 'Archivé inc.', active: false })).json();
    const archivedAnswer = await call('POST', '/orders', order({ clientId: archived.id }));
    expect(archivedAnswer.statusCode).toBe(409);
    expect(archivedAnswer.json().code).toBe('CLIENT_ARCHIVED');
  });

  it('edits an order that has started without moving its start into the past', async () => {
    const created = (
      await call('POST', '/orders', order({ startsOn: today, endsOn: addDays(today, 3) }))
    ).json();
    // Its start is today; tomorrow it is in the past, and the order can still be edited as long as
    // the start does not move. Simulated by a start already in the past in the database.
    const { orders } = await import('../../db/schema/index.ts');
    await t.db
      .update(orders)
      .set({ startsOn: addDays(today, -2) })
      .where(eq(orders.id, created.id));
    const edit = await call(
      'PUT',
      `/orders/${created.id}`,
      order({ startsOn: addDays(today, -2), endsOn: addDays(today, 5), workersNeeded: 4 }),
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ workersNeeded: 4, status: 'in_progress' });
    const moved = await call(
      'PUT',
      `/orders/${created.id}`,
      order({ startsOn: addDays(today, -3), endsOn: addDays(today, 5) }),
    );
    expect(fieldsOf(moved.json())).toEqual(['startsOn:in_past']);
  });

  it('derives its status from confirmed assignations, and cancelling cancels them', async () => {
    const created = (await call('POST', '/orders', order({ workersNeeded: 2 }))).json();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => t.createEmployee({ passwordHash: null })));
    await t.db.insert(assignations).values([
      { orderId: created.id, employeeId: a!.id, status: 'confirmed' },
      { orderId: created.id, employeeId: b!.id, status: 'pending' },
    ]);
    const partial = (await call('GET', `/orders/${created.id}`)).json();
    expect(partial).toMatchObject({ status: 'partial', confirmed: 1, pending: 1 });
    expect(partial.assignations.map((x: { status: string }) => x.status)).toEqual(['confirmed', 'pending']);
    await t.db.insert(assignations).values({ orderId: created.id, employeeId: c!.id, status: 'confirmed' });
    expect((await call('GET', `/orders/${created.id}`)).json().status).toBe('filled');
    const list = (await call('GET', `/orders?siteId=${site.id}&status=filled`)).json();
    expect(list.items.map((item: { id: string }) => item.id)).toContain(created.id);

    const cancel = await call('POST', `/orders/${created.id}/cancel`, { reason: 'Chantier reporté' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Chantier reporté',
      confirmed: 0,
      pending: 0,
    });
    const rows = await t.db.select().from(assignations).where(eq(assignations.orderId, created.id));
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect((await call('POST', `/orders/${created.id}/cancel`, { reason: null })).json().code).toBe(
      'ORDER_CANCELLED',
    );
    expect((await call('PUT', `/orders/${created.id}`, order())).statusCode).toBe(409);
  });

  it('lists with coverage, filters by client, site, priority, status and period, searches names', async () => {
    const far = addDays(today, 200);
    const created = (
      await call('POST', '/orders', order({ startsOn: far, endsOn: addDays(far, 2), priority: 3 }))
    ).json();
    const byPeriod = (await call('GET', `/orders?from=${addDays(far, 1)}&to=${addDays(far, 10)}`)).json();
    expect(byPeriod.items.map((item: { id: string }) => item.id)).toEqual([created.id]);
    expect(byPeriod.items[0]).toMatchObject({ confirmed: 0, pending: 0, workersNeeded: 6, status: 'open' });
    const low = (await call('GET', `/orders?priority=3&clientId=${client.id}`)).json();
    expect(low.items.map((item: { id: string }) => item.id)).toContain(created.id);
    expect((await call('GET', `/orders?q=deschamps&from=${far}`)).json().total).toBe(1);
    expect((await call('GET', `/orders?q=gare&from=${far}`)).json().total).toBe(0);
  });

  it('ranks the candidates in a few reads: the holder of the trade first, the excluded last with their rule', async () => {
    // A Monday three weeks or so ahead: the order's two days and the absence's first are working days.
    let monday = addDays(today, 21);
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    const created = (
      await call('POST', '/orders', order({ workersNeeded: 2, startsOn: monday, endsOn: addDays(monday, 1) }))
    ).json();
    const holder = await t.createEmployee({ passwordHash: null, lastName: 'Zz-Détenteur' });
    await t.db.insert(employeeSkills).values({ employeeId: holder.id, skillId: carpentry.id });
    const afraid = await t.createEmployee(
      { passwordHash: null, lastName: 'Zz-Vertige' },
      { fearOfHeights: true },
    );
    await t.db.insert(employeeSkills).values({ employeeId: afraid.id, skillId: carpentry.id });
    const away = await t.createEmployee({ passwordHash: null, lastName: 'Zz-Absent' });
    await t.db.insert(employeeSkills).values({ employeeId: away.id, skillId: carpentry.id });
    await call('POST', '/absences', {
      employeeId: away.id,
      type: 'vacation',
      startsOn: addDays(monday, 1),
      endsOn: addDays(monday, 4),
    });
    const without = await t.createEmployee({ passwordHash: null, lastName: 'Zz-SansMétier' });

    const ranked = (await call('GET', `/orders/${created.id}/candidates?excluded=true&limit=500`)).json();
    const position = (id: string) =>
      ranked.items.findIndex((item: { employee: { id: string } }) => item.employee.id === id);
    const of = (id: string) => ranked.items[position(id)];
    expect(of(holder.id).excluded).toBeNull();
    expect(of(holder.id).reasons).toContainEqual({
      code: 'has_skill',
      skillId: carpentry.id,
      expiresOn: null,
    });
    expect(of(holder.id).reasons).toContainEqual({ code: 'lacks_tool', toolId: harness.id });
    expect(of(afraid.id).excluded).toEqual({ code: 'fear_of_heights', heightMetres: 12 });
    expect(of(away.id).excluded).toMatchObject({
      code: 'absent',
      date: addDays(monday, 1),
      absenceType: 'vacation',
    });
    expect(of(without.id).excluded).toEqual({ code: 'missing_skill', skillId: carpentry.id });
    expect(position(holder.id)).toBeLessThan(position(afraid.id));
    // Without excluded=true, only who may go.
    const eligible = (await call('GET', `/orders/${created.id}/candidates?limit=500`)).json();
    expect(eligible.items.every((item: { excluded: unknown }) => item.excluded === null)).toBe(true);
    expect(eligible.items.map((item: { employee: { id: string } }) => item.employee.id)).toContain(holder.id);
  });

  it('refuses an order with no working day (a Saturday only, weekends left out), naming the weekends box', async () => {
    let saturday = addDays(today, 14);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const weekendOnly = { startsOn: saturday, endsOn: addDays(saturday, 1) };
    const refused = await call('POST', '/orders', order({ ...weekendOnly, includeWeekends: false }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details.fields).toContainEqual(
      expect.objectContaining({ path: 'includeWeekends', message: 'no_working_day' }),
    );
    const withWeekends = await call('POST', '/orders', order({ ...weekendOnly, includeWeekends: true }));
    expect(withWeekends.statusCode, withWeekends.body).toBe(201);
    const changed = await call(
      'PUT',
      `/orders/${withWeekends.json().id}`,
      order({ ...weekendOnly, includeWeekends: false }),
    );
    expect(changed.statusCode, changed.body).toBe(400);
  });

  it('searches the whole ranking by name, in any order and without accents, not the page loaded (issue 27)', async () => {
    const created = (
      await call('POST', '/orders', order({ startsOn: addDays(today, 40), endsOn: addDays(today, 41) }))
    ).json();
    // As the employees' forms write them: the names' accent-free search text.
    const person = (firstName: string, lastName: string) =>
      t.createEmployee({
        passwordHash: null,
        firstName,
        lastName,
        searchText: searchable(firstName, lastName),
      });
    const wanted = await person('Hélène', 'Zz-Bérubé-Recherchée');
    const others = await Promise.all(
      Array.from({ length: 3 }, (_, index) => person('Hélène', `Zz-Autre-${index}`)),
    );
    const ids = (response: { json: () => { total: number; items: { employee: { id: string } }[] } }) =>
      response.json().items.map((item) => item.employee.id);
    // One candidate a page: the one searched for is found whatever their rank.
    for (const q of ['berube recherchee helene', 'HELENE zz-bérubé', 'recherchée']) {
      const found = await call(
        'GET',
        `/orders/${created.id}/candidates?excluded=true&limit=1&q=${encodeURIComponent(q)}`,
      );
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().total, q).toBe(1);
      expect(ids(found), q).toEqual([wanted.id]);
    }
    const all = await call('GET', `/orders/${created.id}/candidates?excluded=true&limit=500&q=helene%20zz`);
    expect(new Set(ids(all))).toEqual(new Set([wanted.id, ...others.map((other) => other.id)]));
    const none = await call('GET', `/orders/${created.id}/candidates?excluded=true&q=personne%20introuvable`);
    expect(none.json()).toEqual({ total: 0, items: [] });
  });

  it('is for admins only', async () => {
    const employee = await t.createEmployee();
    const session = await t.signIn(employee);
    expect((await call('GET', '/orders', undefined, session.headers)).statusCode).toBe(403);
    const supervisorSession = await t.signIn(await t.createUser({ role: 'supervisor', clientId: client.id }));
    expect((await call('POST', '/orders', order(), supervisorSession.headers)).statusCode).toBe(403);
    await t.db.update(users).set({ active: false }).where(eq(users.id, employee.id));
  });
});
