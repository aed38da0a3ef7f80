import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueTestPhone } from '../../../test/app.ts';
import {
  auditLog,
  clients,
  employees,
  outbox,
  sessions,
  siteSupervisors,
  sites,
  skills,
  tools,
  users,
} from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

const t = await buildTestApp();
const { app } = t;

let admin: Awaited<ReturnType<typeof t.signedIn>>;
let ccq: { id: string };
let fallProtection: { id: string };
let welding: { id: string };
let drill: { id: string };
let saw: { id: string };

const unique = () => randomUUID().slice(0, 8);
beforeAll(async () => {
  admin = await t.signedIn('admin');
  const tag = unique();
  const skillRows = await t.db
    .insert(skills)
    .values([
      { nameFr: `Carte CCQ ${tag}`, nameEn: `CCQ card ${tag}`, expirable: false, important: true },
      { nameFr: `Travail en hauteur ${tag}`, nameEn: `Fall protection ${tag}`, expirable: true },
      { nameFr: `Soudure ${tag}`, nameEn: `Welding ${tag}`, expirable: false },
    ])
    .returning();
  [ccq, fallProtection, welding] = skillRows as unknown as [{ id: string }, { id: string }, { id: string }];
  const toolRows = await t.db
    .insert(tools)
    .values([
      { nameFr: `Perceuse ${tag}`, nameEn: `Drill ${tag}` },
      { nameFr: `Scie ronde ${tag}`, nameEn: `Circular saw ${tag}` },
    ])
    .returning();
  [drill, saw] = toolRows as unknown as [{ id: string }, { id: string }];
});

function create(payload: Record<string, unknown>, headers = admin.headers) {
  return app.inject({ method: 'POST', url: '/api/employees', headers, payload });
}
async function createOk(payload: Record<string, unknown> = {}) {
  const response = await create({
    employeeNumber: `E-${unique()}`,
    firstName: 'Hélène',
    lastName: `Tremblay ${unique()}`,
    phone: uniqueTestPhone(),
    invitationChannel: 'none',
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
function list(query: Record<string, string>, headers = admin.headers) {
  return app.inject({ method: 'GET', url: '/api/employees', headers, query });
}

describe('employees API', () => {
  it('creates an employee with skills and tools, and invites them by SMS in the same transaction', async () => {
    const today = companyToday();
    const number = `E-${unique()}`;
    const response = await create({
      employeeNumber: number,
      firstName: 'Jérôme',
      lastName: 'Bélanger',
      email: `Jerome.Belanger.${unique()}@Example.test`,
      phone: '(514) 555-9876',
      street: '123, rue Saint-Denis',
      city: 'Montréal',
      postalCode: 'h2x1y4',
      warrantyUntil: addDays(today, 60),
      fearOfHeights: true,
      skills: [
        { skillId: ccq.id, obtainedOn: '2020-05-01' },
        { skillId: fallProtection.id, obtainedOn: addDays(today, -300), expiresOn: addDays(today, 10) },
      ],
      toolIds: [drill.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      employeeNumber: number,
      firstName: 'Jérôme',
      phone: '+15145559876',
      postalCode: 'H2X 1Y4',
      province: 'QC',
      status: 'disponible',
      language: 'fr',
      active: true,
      fearOfHeights: true,
      hasPassword: false,
      deletable: true,
      tools: [{ toolId: drill.id }],
    });
    expect(body.email).toMatch(/^jerome\.belanger\..*@example\.test$/);
    // Important skills first; the expiry countdown is in company days.
    expect(body.skills).toHaveLength(2);
    expect(body.skills[0]).toMatchObject({
      skillId: ccq.id,
      expired: false,
      daysLeft: null,
      important: true,
    });
    expect(body.skills[1]).toMatchObject({ skillId: fallProtection.id, expired: false, daysLeft: 10 });

    const [user] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(user).toMatchObject({ role: 'employee', passwordHash: null });
    expect(user!.searchText).toContain('belanger jerome');
    expect(user!.searchText).toContain('5145559876');
    expect(user!.searchText).toContain('montreal');

    const messages = await t.db.select().from(outbox).where(eq(outbox.recipient, '+15145559876'));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.channel).toBe('sms');
    expect(messages[0]!.body).toContain('https://brigade.example/change-password/');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, body.id), eq(auditLog.action, 'employee.create')));
    expect(audit).toMatchObject({ actorId: admin.user.id, entity: 'employee' });
  });

  it('falls back to e-mail when the worker has no phone, and sends nothing with "none"', async () => {
    const email = `no-phone-${unique()}@example.test`;
    await createOk({ phone: null, email, invitationChannel: 'sms' });
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.map((m) => m.channel)).toEqual(['email']);

    const quiet = `quiet-${unique()}@example.test`;
    await createOk({ email: quiet, invitationChannel: 'none' });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, quiet))).toHaveLength(0);
  });

  it('rejects bad input with field errors', async () => {
    const response = await create({
      employeeNumber: ' ',
      firstName: '',
      lastName: 'X',
      phone: '123',
      email: 'not-an-email',
      postalCode: '12345',
      province: 'XX',
      status: 'maybe',
      skills: [{ skillId: ccq.id, obtainedOn: '2024-05-01', expiresOn: '2024-04-01' }],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = body.details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'employeeNumber',
        'firstName',
        'phone',
        'email',
        'postalCode',
        'province',
        'status',
        'skills.0.expiresOn',
      ]),
    );
  });

  it('refuses an expiry date on a skill that does not expire, and unknown skills and tools', async () => {
    const datedPermanent = await create({
      employeeNumber: `E-${unique()}`,
      firstName: 'Luc',
      lastName: 'Roy',
      skills: [
        { skillId: ccq.id, expiresOn: '2030-01-01' },
        { skillId: fallProtection.id, obtainedOn: '2024-01-01' },
      ],
    });
    expect(datedPermanent.statusCode).toBe(400);
    expect(datedPermanent.json().details.fields).toEqual([
      { path: 'skills.0.expiresOn', message: 'not_expirable' },
    ]);

    const unknown = await create({
      employeeNumber: `E-${unique()}`,
      firstName: 'Luc',
      lastName: 'Roy',
      skills: [{ skillId: randomUUID() }],
      toolIds: [randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields.map((f: { path: string }) => f.path)).toEqual([
      'skills.0.skillId',
      'toolIds',
    ]);

    const duplicate = await create({
      employeeNumber: `E-${unique()}`,
      firstName: 'Luc',
      lastName: 'Roy',
      skills: [{ skillId: ccq.id }, { skillId: ccq.id }],
    });
    expect(duplicate.statusCode).toBe(400);
  });

  it('keeps employee numbers and e-mails unique whatever their case (409 naming the field)', async () => {
    const number = `E-${unique()}`;
    const email = `unique-${unique()}@example.test`;
    await createOk({ employeeNumber: number, email });

    const sameNumber = await create({ employeeNumber: number.toLowerCase(), firstName: 'A', lastName: 'B' });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toMatchObject({
      code: 'NAME_NOT_UNIQUE',
      details: { field: 'employeeNumber' },
    });

    const sameEmail = await create({
      employeeNumber: `E-${unique()}`,
      firstName: 'A',
      lastName: 'B',
      email: email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'email' } });

    // Nothing half-written: no user without its employee row.
    const orphans = await t.db.select().from(users).where(eq(users.lastName, 'B'));
    expect(orphans).toHaveLength(0);

    // The same on update.
    const other = await createOk();
    const update = await app.inject({
      method: 'PUT',
      url: `/api/employees/${other.id}`,
      headers: admin.headers,
      payload: { ...other, employeeNumber: number, toolIds: [], skills: [] },
    });
    expect(update.statusCode).toBe(409);
    expect(update.json().details.field).toBe('employeeNumber');
  });

  it('updates the employee, replacing skills and tools, and keeps the search text current', async () => {
    const created = await createOk({ skills: [{ skillId: ccq.id }], toolIds: [drill.id] });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/employees/${created.id}`,
      headers: admin.headers,
      payload: {
        employeeNumber: created.employeeNumber,
        firstName: 'Zoé',
        lastName: 'Côté-Ouellet',
        phone: '+1 418 555 0101',
        city: 'Lévis',
        status: 'assigne',
        skills: [{ skillId: welding.id, obtainedOn: '2019-03-01' }],
        toolIds: [saw.id, drill.id],
        notes: 'Préfère les chantiers de la Rive-Sud.',
        language: 'fr',
        province: 'QC',
        fearOfHeights: false,
        active: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ firstName: 'Zoé', status: 'assigne', city: 'Lévis', phone: '+14185550101' });
    expect(body.skills.map((s: { skillId: string }) => s.skillId)).toEqual([welding.id]);
    expect(body.tools.map((s: { toolId: string }) => s.toolId).sort()).toEqual([drill.id, saw.id].sort());
    const found = (await list({ q: 'zoe cote levis' })).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([created.id]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'employee.update')));
    expect((audit!.before as { firstName: string }).firstName).toBe('Hélène');
    expect((audit!.after as { firstName: string }).firstName).toBe('Zoé');

    const missing = await app.inject({
      method: 'PUT',
      url: `/api/employees/${randomUUID()}`,
      headers: admin.headers,
      payload: {
        employeeNumber: 'E-1',
        firstName: 'A',
        lastName: 'B',
        language: 'fr',
        province: 'QC',
        status: 'disponible',
        fearOfHeights: false,
        skills: [],
        toolIds: [],
        active: true,
      },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('reports expired skills and the days left', async () => {
    const today = companyToday();
    const created = await createOk({
      skills: [{ skillId: fallProtection.id, obtainedOn: '2020-01-01', expiresOn: addDays(today, -1) }],
    });
    expect(created.skills[0]).toMatchObject({ expired: true, daysLeft: -1 });
    const dueToday = await createOk({ skills: [{ skillId: fallProtection.id, expiresOn: today }] });
    expect(dueToday.skills[0]).toMatchObject({ expired: false, daysLeft: 0 });
  });

  it('deactivating ends the employee’s sessions', async () => {
    const email = `worker-${unique()}@example.test`;
    const created = await createOk({ email });
    await t.db
      .update(users)
      .set({ passwordHash: (await t.createUser()).passwordHash })
      .where(eq(users.id, created.id));
    const { token } = await t.login(email);
    const headers = { authorization: `Bearer ${token}` };
    expect(
      (await app.inject({ method: 'GET', url: `/api/employees/${created.id}`, headers })).statusCode,
    ).toBe(200);

    const response = await app.inject({
      method: 'PUT',
      url: `/api/employees/${created.id}`,
      headers: admin.headers,
      payload: { ...created, skills: [], toolIds: [], active: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(401);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, created.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('deletes an employee nothing refers to, and archives one that something refers to', async () => {
    const free = await createOk({ skills: [{ skillId: ccq.id }], toolIds: [drill.id] });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/employees/${free.id}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect(await t.db.select().from(employees).where(eq(employees.userId, free.id))).toHaveLength(0);
    expect(
      (await app.inject({ method: 'GET', url: `/api/employees/${free.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);

    // A later feature's row refers to the user (a RESTRICT foreign key): archive instead.
    const referred = await createOk();
    const [client] = await t.db
      .insert(clients)
      .values({ name: `Client ${unique()}` })
      .returning();
    const [site] = await t.db.insert(sites).values({ clientId: client!.id, name: 'Chantier' }).returning();
    await t.db.insert(siteSupervisors).values({ siteId: site!.id, supervisorId: referred.id });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/employees/${referred.id}`,
      headers: admin.headers,
    });
    expect(detail.json().deletable, detail.body).toBe(false);

    const archived = await app.inject({
      method: 'DELETE',
      url: `/api/employees/${referred.id}`,
      headers: admin.headers,
    });
    expect(archived.json()).toEqual({ outcome: 'archived' });
    const after = (
      await app.inject({ method: 'GET', url: `/api/employees/${referred.id}`, headers: admin.headers })
    ).json();
    expect(after).toMatchObject({ active: false, status: 'termine' });

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'employee'))
      .orderBy(desc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['employee.delete', 'employee.archive']),
    );
  });

  it('re-sends the invitation', async () => {
    const created = await createOk({ phone: '514 555 4242' });
    const response = await app.inject({
      method: 'POST',
      url: `/api/employees/${created.id}/invitation`,
      headers: admin.headers,
      payload: { channel: 'sms' },
    });
    expect(response.json()).toEqual({ channel: 'sms' });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, '+15145554242'))).toHaveLength(1);

    const unreachable = await createOk({ phone: null, email: null });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/employees/${unreachable.id}/invitation`,
      headers: admin.headers,
      payload: { channel: 'email' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('lets only admins in; an employee reads only their own profile, without the office notes', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/employees' })).statusCode).toBe(401);
    const supervisor = await t.signedIn('supervisor');
    const worker = await t.signIn(await t.createEmployee({}, { notes: 'interne' }));
    const other = await createOk();

    expect((await list({}, supervisor.headers)).statusCode).toBe(403);
    expect((await list({}, worker.headers)).statusCode).toBe(403);
    expect(
      (await create({ employeeNumber: 'X', firstName: 'A', lastName: 'B' }, worker.headers)).statusCode,
    ).toBe(403);
    const get = (id: string, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/employees/${id}`, headers });
    expect((await get(other.id, supervisor.headers)).statusCode).toBe(403);
    expect((await get(other.id, worker.headers)).statusCode).toBe(403);
    const own = await get(worker.user.id, worker.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: worker.user.id, notes: null, deletable: false });
    expect((await get(worker.user.id, admin.headers)).json().notes).toBe('interne');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/employees/${other.id}`, headers: worker.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/employees/${other.id}/invitation`,
          headers: supervisor.headers,
          payload: { channel: 'sms' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('employees list', () => {
  const tag = `z${unique()}`.replace(/[0-9]/g, 'q');
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const rows = [
      { key: 'helene', firstName: 'Hélène', lastName: `Émond ${tag}`, city: 'Québec', status: 'assigne' },
      { key: 'helen', firstName: 'Helen', lastName: `Adams ${tag}`, city: 'Gatineau', status: 'disponible' },
      { key: 'marc', firstName: 'Marc', lastName: `Zorn ${tag}`, city: 'Montréal', status: 'disponible' },
      { key: 'ines', firstName: 'Inès', lastName: `Bédard ${tag}`, city: 'Laval', status: 'en_conge' },
    ];
    for (const [index, row] of rows.entries()) {
      const created = await createOk({
        employeeNumber: `${tag}-${index}`,
        firstName: row.firstName,
        lastName: row.lastName,
        city: row.city,
        status: row.status,
        province: row.key === 'helen' ? 'ON' : 'QC',
        fearOfHeights: row.key === 'marc',
        warrantyUntil: row.key === 'ines' ? null : `2030-0${index + 1}-01`,
        skills:
          row.key === 'helene' || row.key === 'marc' ? [{ skillId: welding.id }, { skillId: ccq.id }] : [],
        toolIds: row.key === 'ines' ? [saw.id] : [],
      });
      ids[row.key] = created.id;
    }
    const archived = await createOk({ employeeNumber: `${tag}-9`, lastName: `Archivé ${tag}` });
    await t.db.update(users).set({ active: false }).where(eq(users.id, archived.id));
    ids.archived = archived.id;
  });
  const names = (body: { items: { firstName: string }[] }) => body.items.map((i) => i.firstName);

  it('searches accent- and case-insensitively, with every word', async () => {
    expect(names((await list({ q: `HÉLÈNE ${tag}` })).json())).toEqual(['Hélène']);
    expect(names((await list({ q: `helen ${tag}` })).json()).sort()).toEqual(['Helen', 'Hélène']);
    expect((await list({ q: `emond quebec ${tag}` })).json().items[0].id).toBe(ids.helene);
    expect((await list({ q: `${tag}-2` })).json().items.map((i: { id: string }) => i.id)).toEqual([ids.marc]);
  });

  it('sorts by last name ignoring accents, by city, by warranty (empty last), and pages', async () => {
    const asc = (await list({ q: tag })).json();
    expect(asc.items.map((i: { lastName: string }) => i.lastName.split(' ')[0])).toEqual([
      'Adams',
      'Bédard',
      'Émond',
      'Zorn',
    ]);
    expect(asc.items[2]).toMatchObject({ skillCount: 2, status: 'assigne', city: 'Québec', active: true });
    const desc = (await list({ q: tag, sort: 'lastName', order: 'desc' })).json();
    expect(names(desc)).toEqual(['Marc', 'Hélène', 'Inès', 'Helen']);
    expect(names((await list({ q: tag, sort: 'city' })).json())).toEqual(['Helen', 'Inès', 'Marc', 'Hélène']);
    expect(names((await list({ q: tag, sort: 'city', order: 'desc' })).json())).toEqual([
      'Hélène',
      'Marc',
      'Inès',
      'Helen',
    ]);
    expect(names((await list({ q: tag, sort: 'firstName', order: 'desc' })).json())).toEqual([
      'Marc',
      'Inès',
      'Hélène',
      'Helen',
    ]);
    expect(names((await list({ q: tag, sort: 'employeeNumber', order: 'desc' })).json())).toEqual([
      'Inès',
      'Marc',
      'Helen',
      'Hélène',
    ]);
    expect(names((await list({ q: tag, sort: 'warrantyUntil' })).json())).toEqual([
      'Hélène',
      'Helen',
      'Marc',
      'Inès',
    ]);
    expect(names((await list({ q: tag, sort: 'warrantyUntil', order: 'desc' })).json())).toEqual([
      'Marc',
      'Helen',
      'Hélène',
      'Inès',
    ]);
    const page2 = (await list({ q: tag, pageSize: '3', page: '2' })).json();
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(page2)).toEqual(['Marc']);
    expect((await list({ q: tag, sort: 'salary' })).statusCode).toBe(400);
  });

  it('filters by active, status, skill, tool, province, city and fear of heights', async () => {
    const idsOf = async (query: Record<string, string>) =>
      (await list({ q: tag, ...query }))
        .json()
        .items.map((i: { id: string }) => i.id)
        .sort();
    expect(await idsOf({ active: 'false' })).toEqual([ids.archived]);
    expect(await idsOf({ active: 'all' })).toHaveLength(5);
    expect(await idsOf({ status: 'disponible' })).toEqual([ids.helen, ids.marc].sort());
    expect(await idsOf({ skillId: welding.id })).toEqual([ids.helene, ids.marc].sort());
    expect(await idsOf({ skillId: welding.id, status: 'assigne' })).toEqual([ids.helene]);
    expect(await idsOf({ toolId: saw.id })).toEqual([ids.ines]);
    expect(await idsOf({ province: 'ON' })).toEqual([ids.helen]);
    expect(await idsOf({ city: 'montréal' })).toEqual([ids.marc]);
    expect(await idsOf({ fearOfHeights: 'true' })).toEqual([ids.marc]);
    expect((await list({ skillId: 'nope' })).statusCode).toBe(400);
  });

  it('filters by city without accents or case, both ways', async () => {
    const idsOf = async (city: string) =>
      (await list({ q: tag, city })).json().items.map((i: { id: string }) => i.id);
    expect(await idsOf('montreal')).toEqual([ids.marc]);
    expect(await idsOf('MONTRÉAL')).toEqual([ids.marc]);
    expect(await idsOf('QUEBEC')).toEqual([ids.helene]);
    const plain = await createOk({ lastName: `Plain ${tag}`, city: 'Montreal' });
    expect((await idsOf('Montréal')).sort()).toEqual([ids.marc, plain.id].sort());
    await app.inject({ method: 'DELETE', url: `/api/employees/${plain.id}`, headers: admin.headers });
  });

  it('sorts by status, then by name, both ways', async () => {
    const order = (body: { items: { status: string; firstName: string }[] }) =>
      body.items.map((i) => `${i.status} ${i.firstName}`);
    expect(order((await list({ q: tag, sort: 'status' })).json())).toEqual([
      'assigne Hélène',
      'disponible Helen',
      'disponible Marc',
      'en_conge Inès',
    ]);
    expect(
      order((await list({ q: tag, sort: 'status', order: 'desc', pageSize: '2', page: '2' })).json()),
    ).toEqual(['disponible Helen', 'assigne Hélène']);
  });
});

describe('sorted by an employees column, without a search', () => {
  it('reads the page from employees alone and still applies every filter', async () => {
    const city = `Ville-${unique()}`;
    const make = (lastName: string, status: string, extra: Record<string, unknown> = {}) =>
      createOk({ lastName, city, status, ...extra });
    const zorn = await make('Zorn', 'disponible', { toolIds: [saw.id] });
    const adams = await make('Adams', 'disponible');
    const belle = await make('Bélanger', 'assigne', { toolIds: [saw.id] });
    const gone = await make('Gagné', 'assigne', { toolIds: [saw.id] });
    await app.inject({
      method: 'PUT',
      url: `/api/employees/${gone.id}`,
      headers: admin.headers,
      payload: { ...gone, skills: [], toolIds: [saw.id], active: false },
    });
    const ids = async (query: Record<string, string>) =>
      (await list({ city, ...query })).json().items.map((i: { id: string }) => i.id);
    expect(await ids({ sort: 'status' })).toEqual([belle.id, adams.id, zorn.id]);
    expect(await ids({ sort: 'status', order: 'desc' })).toEqual([zorn.id, adams.id, belle.id]);
    expect(await ids({ sort: 'status', active: 'false' })).toEqual([gone.id]);
    expect(await ids({ sort: 'status', active: 'all' })).toEqual([belle.id, gone.id, adams.id, zorn.id]);
    expect(await ids({ sort: 'status', toolId: saw.id })).toEqual([belle.id, zorn.id]);
    expect(await ids({ sort: 'employeeNumber', pageSize: '2', page: '2' })).toHaveLength(1);
    const page = (await list({ city, sort: 'city', pageSize: '2', page: '2' })).json();
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.items).toHaveLength(1);
  });
});

describe('search by phone', () => {
  it('finds an employee by a phone typed the usual ways', async () => {
    const created = await createOk({ phone: '418 555-7343', lastName: `Phone ${unique()}` });
    for (const typed of ['418 555-7343', '(418) 555-7343', '418.555.7343', '+1 418 555 7343', '555-7343']) {
      const found = (await list({ q: typed, active: 'all', pageSize: '200' })).json();
      expect(
        found.items.map((i: { id: string }) => i.id),
        typed,
      ).toContain(created.id);
    }
    // Names with hyphens and e-mails keep their punctuation.
    const jp = await createOk({
      firstName: 'Jean-Pierre',
      lastName: `Trudel ${unique()}`,
      email: `jp.${unique()}@ex-ample.test`,
    });
    expect(
      (await list({ q: `jean-pierre ${jp.lastName}` })).json().items.map((i: { id: string }) => i.id),
    ).toEqual([jp.id]);
    expect((await list({ q: jp.email })).json().items.map((i: { id: string }) => i.id)).toEqual([jp.id]);
  });
});

describe('skill filter with valid certificates', () => {
  it('keeps only unexpired holders with skillValid=true, and gives each one the expiry', async () => {
    const today = companyToday();
    const tag = unique();
    const valid = await createOk({
      lastName: `Valide ${tag}`,
      skills: [{ skillId: fallProtection.id, expiresOn: addDays(today, 30) }],
    });
    const lastDay = await createOk({
      lastName: `Dernier ${tag}`,
      skills: [{ skillId: fallProtection.id, expiresOn: today }],
    });
    const expired = await createOk({
      lastName: `Expiré ${tag}`,
      skills: [{ skillId: fallProtection.id, expiresOn: addDays(today, -1) }],
    });
    const all = (await list({ q: tag, skillId: fallProtection.id })).json();
    const expiryOf = new Map(
      all.items.map((i: { id: string; skillExpiresOn: string }) => [i.id, i.skillExpiresOn]),
    );
    expect(expiryOf).toEqual(
      new Map([
        [valid.id, addDays(today, 30)],
        [lastDay.id, today],
        [expired.id, addDays(today, -1)],
      ]),
    );
    const stillValid = (await list({ q: tag, skillId: fallProtection.id, skillValid: 'true' })).json();
    expect(stillValid.items.map((i: { id: string }) => i.id).sort()).toEqual([valid.id, lastDay.id].sort());
    expect(stillValid.total).toBe(2);
    // Without the skill filter there is no expiry to give.
    const plain = (await list({ q: tag })).json();
    expect(plain.items.every((i: { skillExpiresOn?: string | null }) => i.skillExpiresOn == null)).toBe(true);
  });
});

describe('GET /api/employees/next-number', () => {
  it('suggests one more than the highest number in the agency format, never a taken one', async () => {
    const next = async () =>
      (await app.inject({ method: 'GET', url: '/api/employees/next-number', headers: admin.headers })).json();
    const first = await next();
    expect(first.employeeNumber).toMatch(/^E-\d+$/);
    const taken = Number(first.employeeNumber.slice(2)) + 41;
    await createOk({ employeeNumber: `e-${taken}` });
    expect(await next()).toEqual({ employeeNumber: `E-${taken + 1}` });
    await createOk({ employeeNumber: `E-${taken + 1}` });
    expect(await next()).toEqual({ employeeNumber: `E-${taken + 2}` });
    const worker = await t.signedIn('employee');
    expect(
      (await app.inject({ method: 'GET', url: '/api/employees/next-number', headers: worker.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/employees/:id is a full replacement', () => {
  it('answers 400 naming each missing field, and changes nothing', async () => {
    const created = await createOk({ fearOfHeights: true, status: 'assigne', skills: [{ skillId: ccq.id }] });
    const { active, status, skills: _skills, tools: _tools, fearOfHeights, ...rest } = created;
    const response = await app.inject({
      method: 'PUT',
      url: `/api/employees/${created.id}`,
      headers: admin.headers,
      payload: rest,
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['active', 'status', 'skills', 'toolIds', 'fearOfHeights']));
    const after = (
      await app.inject({ method: 'GET', url: `/api/employees/${created.id}`, headers: admin.headers })
    ).json();
    expect(after).toMatchObject({ active, status, fearOfHeights });
    expect(after.skills).toHaveLength(1);
  });

  it('names archiving and reactivating as such in the audit log', async () => {
    const created = await createOk();
    const put = (active: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/employees/${created.id}`,
        headers: admin.headers,
        payload: { ...created, skills: [], toolIds: [], active },
      });
    expect((await put(false)).statusCode).toBe(200);
    expect((await put(true)).statusCode).toBe(200);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, created.id))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'employee.create',
      'employee.archive',
      'employee.reactivate',
    ]);
  });
});

describe('invitation outcome', () => {
  it('says which channel the invitation went by, and none when it could not be sent', async () => {
    expect((await createOk({ phone: '514 555-2020' })).invitation).toEqual({ channel: 'none' });
    const bySms = await create({
      employeeNumber: `E-${unique()}`,
      firstName: 'Luc',
      lastName: `Roy ${unique()}`,
      phone: '514 555-2021',
    });
    expect(bySms.json().invitation).toEqual({ channel: 'sms' });
    const unreachable = await create({
      employeeNumber: `E-${unique()}`,
      firstName: 'Luc',
      lastName: `Roy ${unique()}`,
      invitationChannel: 'sms',
    });
    expect(unreachable.statusCode).toBe(201);
    expect(unreachable.json().invitation).toEqual({ channel: 'none' });
  });
});

describe('a person who acted', () => {
  it('is archived, not deleted, and the audit log keeps their name as the author', async () => {
    const worker = await t.signIn(await t.createEmployee());
    // They change something (their own language): the audit log names them as the author.
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: worker.headers,
      payload: { language: 'en' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const [authored] = await t.db.select().from(auditLog).where(eq(auditLog.actorId, worker.user.id));
    expect(authored).toBeDefined();

    const detail = await app.inject({
      method: 'GET',
      url: `/api/employees/${worker.user.id}`,
      headers: admin.headers,
    });
    expect(detail.json().deletable).toBe(false);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/employees/${worker.user.id}`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ outcome: 'archived' });
    const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.id, authored!.id));
    expect(kept!.actorId).toBe(worker.user.id);
    const [user] = await t.db.select().from(users).where(eq(users.id, worker.user.id));
    expect(user!.active).toBe(false);
  });
});

describe('home on the map', () => {
  const get = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/employees/${id}`, headers: admin.headers })).json();
  const put = (id: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/api/employees/${id}`, headers: admin.headers, payload });
  /** The PUT body from a detail: the whole employee. */
  const fields = (
    e: Record<string, unknown> & { skills: { skillId: string }[]; tools: { toolId: string }[] },
  ) => {
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      deletable: _d,
      hasPassword: _h,
      invitation: _i,
      ...rest
    } = e;
    const { hiredFromApplicantId: _a, ...body } = rest;
    return {
      ...body,
      skills: e.skills.map((s) => ({ skillId: s.skillId, obtainedOn: null, expiresOn: null })),
      toolIds: e.tools.map((tool) => tool.toolId),
    };
  };

  it('keeps the home through create, read and a full replacement, and clears it with nulls', async () => {
    const created = await createOk({ latitude: 45.531234, longitude: -73.612345 });
    expect(created).toMatchObject({ latitude: 45.531234, longitude: -73.612345 });
    expect(await get(created.id)).toMatchObject({ latitude: 45.531234, longitude: -73.612345 });
    const [row] = await t.db.select().from(employees).where(eq(employees.userId, created.id));
    expect(row).toMatchObject({ latitude: 45.531234, longitude: -73.612345 });

    const moved = await put(created.id, { ...fields(created), latitude: 46.81, longitude: -71.24 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ latitude: 46.81, longitude: -71.24 });

    const cleared = await put(created.id, { ...fields(created), latitude: null, longitude: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await get(created.id)).toMatchObject({ latitude: null, longitude: null });
  });

  it('has no home by default', async () => {
    const created = await createOk();
    expect(created).toMatchObject({ latitude: null, longitude: null });
  });

  it('wants both coordinates or neither, naming the missing one, and changes nothing', async () => {
    const lonely = await create({
      employeeNumber: `E-${unique()}`,
      firstName: 'Léa',
      lastName: 'Roy',
      invitationChannel: 'none',
      latitude: 45.5,
    });
    expect(lonely.statusCode).toBe(400);
    expect(lonely.json().details.fields).toEqual([
      expect.objectContaining({ path: 'longitude', message: 'coordinates_incomplete' }),
    ]);

    const created = await createOk({ latitude: 45.5, longitude: -73.6 });
    const half = await put(created.id, { ...fields(created), latitude: null, longitude: -73.7 });
    expect(half.statusCode).toBe(400);
    expect(half.json().details.fields).toEqual([
      expect.objectContaining({ path: 'latitude', message: 'coordinates_incomplete' }),
    ]);
    expect(await get(created.id)).toMatchObject({ latitude: 45.5, longitude: -73.6 });
  });

  it('refuses a latitude beyond ±90 and a longitude beyond ±180, or one that is not a number', async () => {
    for (const [latitude, longitude, path] of [
      [90.5, -73.6, 'latitude'],
      [-91, -73.6, 'latitude'],
      [45.5, 180.01, 'longitude'],
      [45.5, -181, 'longitude'],
      ['45.5', -73.6, 'latitude'],
    ] as const) {
      const response = await create({
        employeeNumber: `E-${unique()}`,
        firstName: 'Léa',
        lastName: 'Roy',
        invitationChannel: 'none',
        latitude,
        longitude,
      });
      expect(response.statusCode, `${latitude}, ${longitude}`).toBe(400);
      expect(response.json().details.fields.map((f: { path: string }) => f.path)).toEqual([path]);
    }
    // The limits themselves are places.
    await createOk({ latitude: -90, longitude: 180 });
  });
});
