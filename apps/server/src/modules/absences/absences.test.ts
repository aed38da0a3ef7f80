import { payWeekOf } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { absences, auditLog, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { isEmployeeBlacklisted, isEmployeeUnavailable } from './availability.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');

const call = t.callAs(admin.headers);

let client: { id: string };
let site: { id: string };
let otherClientSite: { id: string };

beforeAll(async () => {
  const supervisor = await t.createUser({ role: 'supervisor', passwordHash: null });
  client = (await call('POST', '/clients', { name: 'Construction Bérubé' })).json();
  await t.db.update(users).set({ clientId: client.id }).where(eq(users.id, supervisor.id));
  site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Tour Deschamps',
      supervisorIds: [supervisor.id],
    })
  ).json();
  const other = (await call('POST', '/clients', { name: 'Pomerleau' })).json();
  const otherSupervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: other.id });
  otherClientSite = (
    await call('POST', `/clients/${other.id}/sites`, {
      name: 'Gare Centrale',
      supervisorIds: [otherSupervisor.id],
    })
  ).json();
});

const sick = (employeeId: string, startsOn: string, endsOn: string, extra: object = {}) => ({
  employeeId,
  type: 'sick',
  startsOn,
  endsOn,
  reason: 'Grippe',
  ...extra,
});

describe('recording absences', () => {
  it('records a day away with who entered it, in the audit log too', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    const response = await call('POST', '/absences', sick(employee.id, '2026-03-02', '06/03/2026'));
    expect(response.statusCode).toBe(201);
    const absence = response.json();
    expect(absence).toMatchObject({
      type: 'sick',
      startsOn: '2026-03-02',
      endsOn: '2026-03-06',
      fromTime: null,
      client: null,
      reason: 'Grippe',
      employee: { id: employee.id, firstName: employee.firstName },
      createdBy: { id: admin.user.id },
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, absence.id));
    expect(audit?.action).toBe('absence.create');
  });

  it('records part of a day as quarter hours', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    const response = await call(
      'POST',
      '/absences',
      sick(employee.id, '2026-03-10', '2026-03-10', { type: 'personal', fromTime: '08:00', toTime: '10:30' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fromTime: '08:00', toTime: '10:30' });
    const [row] = await t.db.select().from(absences).where(eq(absences.id, response.json().id));
    expect(row).toMatchObject({ fromMinute: 480, toMinute: 630 });
  });

  it('refuses bad input with every field named, and stores nothing', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    const response = await call('POST', '/absences', {
      employeeId: employee.id,
      type: 'vacation',
      startsOn: '2026-03-10',
      endsOn: '2026-03-09',
      fromTime: '08:05',
      toTime: '09:00',
      reason: 'a\u0000b',
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .details.fields.map((f: { path: string; message: string }) => `${f.path}:${f.message}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'endsOn:end_before_start',
        'fromTime:quarter_hour',
        'reason:control_character',
      ]),
    );
    const blacklist = await call('POST', '/absences', {
      employeeId: employee.id,
      type: 'blacklist',
      startsOn: '2026-03-10',
    });
    expect(blacklist.statusCode).toBe(400);
    expect(blacklist.json().details.fields).toEqual([
      expect.objectContaining({ path: 'clientId', message: 'required' }),
    ]);
    const unknown = await call(
      'POST',
      '/absences',
      sick('00000000-0000-4000-8000-000000000000', '2026-03-02', '2026-03-03'),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields).toEqual([
      expect.objectContaining({ path: 'employeeId', message: 'not_found' }),
    ]);
    expect(await t.db.select().from(absences).where(eq(absences.employeeId, employee.id))).toEqual([]);
  });

  it('refuses an absence on an archived employee (409 EMPLOYEE_ARCHIVED)', async () => {
    const employee = await t.createEmployee({ passwordHash: null, active: false });
    const response = await call('POST', '/absences', sick(employee.id, '2026-03-02', '2026-03-03'));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('EMPLOYEE_ARCHIVED');
  });

  it('refuses overlapping days away (409 ABSENCE_OVERLAP naming the absence in the way), first and last days included', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    const first = (await call('POST', '/absences', sick(employee.id, '2026-04-06', '2026-04-10'))).json();
    for (const [startsOn, endsOn] of [
      ['2026-04-10', '2026-04-14'],
      ['2026-04-01', '2026-04-06'],
      ['2026-04-07', '2026-04-07'],
      ['2026-04-01', '2026-04-30'],
    ] as const) {
      const response = await call(
        'POST',
        '/absences',
        sick(employee.id, startsOn, endsOn, { type: 'vacation' }),
      );
      expect(response.statusCode, `${startsOn}–${endsOn}`).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'ABSENCE_OVERLAP',
        details: { absence: { id: first.id, type: 'sick', startsOn: '2026-04-06', endsOn: '2026-04-10' } },
      });
    }
    // The days before and after are free; a blacklist is not about days.
    expect((await call('POST', '/absences', sick(employee.id, '2026-04-11', '2026-04-12'))).statusCode).toBe(
      201,
    );
    expect((await call('POST', '/absences', sick(employee.id, '2026-04-03', '2026-04-05'))).statusCode).toBe(
      201,
    );
    const blacklist = await call('POST', '/absences', {
      employeeId: employee.id,
      type: 'blacklist',
      startsOn: '2026-04-08',
      clientId: client.id,
    });
    expect(blacklist.statusCode).toBe(201);
    // Another employee may be away the same days.
    const other = await t.createEmployee({ passwordHash: null });
    expect((await call('POST', '/absences', sick(other.id, '2026-04-06', '2026-04-10'))).statusCode).toBe(
      201,
    );
  });

  it('lets only one of two overlapping absences written at once through (the database constraint)', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    const answers = await Promise.all(
      ['2026-05-04', '2026-05-05', '2026-05-06'].map((day) =>
        call('POST', '/absences', sick(employee.id, day, '2026-05-08')),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.db.select().from(absences).where(eq(absences.employeeId, employee.id))).toHaveLength(1);
  });

  it('edits an absence without colliding with itself, and refuses an edit onto another', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    const a = (await call('POST', '/absences', sick(employee.id, '2026-06-01', '2026-06-03'))).json();
    const b = (await call('POST', '/absences', sick(employee.id, '2026-06-10', '2026-06-12'))).json();
    const longer = await call(
      'PUT',
      `/absences/${a.id}`,
      sick(employee.id, '2026-06-01', '2026-06-05', { reason: null }),
    );
    expect(longer.statusCode).toBe(200);
    expect(longer.json()).toMatchObject({ endsOn: '2026-06-05', reason: null });
    const onto = await call('PUT', `/absences/${a.id}`, sick(employee.id, '2026-06-01', '2026-06-10'));
    expect(onto.statusCode).toBe(409);
    expect(onto.json().details.absence.id).toBe(b.id);
    expect((await call('GET', `/absences/${a.id}`)).json().endsOn).toBe('2026-06-05');
    expect((await call('DELETE', `/absences/${b.id}`)).json()).toEqual({ outcome: 'deleted' });
    expect((await call('GET', `/absences/${b.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/absences/${a.id}`, sick(employee.id, '2026-06-01', '2026-06-10'))).statusCode,
    ).toBe(200);
  });

  it('blacklists an employee at a client or one of its sites, never a site of another client', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    const wrongSite = await call('POST', '/absences', {
      employeeId: employee.id,
      type: 'blacklist',
      startsOn: '2026-01-05',
      clientId: client.id,
      siteId: otherClientSite.id,
    });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().details.fields).toEqual([
      expect.objectContaining({ path: 'siteId', message: 'not_of_client' }),
    ]);
    const response = await call('POST', '/absences', {
      employeeId: employee.id,
      type: 'blacklist',
      startsOn: '2026-01-05',
      clientId: client.id,
      siteId: site.id,
      reason: 'Plainte du contremaître',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      endsOn: null,
      client: { id: client.id, name: 'Construction Bérubé' },
      site: { id: site.id, name: 'Tour Deschamps' },
    });
    expect(await isEmployeeBlacklisted(t.db, employee.id, client.id, site.id, '2026-02-01')).toBe(true);
    expect(await isEmployeeBlacklisted(t.db, employee.id, client.id, null, '2026-02-01')).toBe(false);
    expect(await isEmployeeBlacklisted(t.db, employee.id, client.id, site.id, '2026-01-04')).toBe(false);
  });
});

describe('reading absences', () => {
  it('lists today’s absences first, then upcoming, then past; filters by type, employee, client and period', async () => {
    const today = companyToday();
    const employee = await t.createEmployee({
      passwordHash: null,
      lastName: 'Zzlistetest',
      searchText: 'zzlistetest',
    });
    const past = (
      await call('POST', '/absences', sick(employee.id, addDays(today, -30), addDays(today, -28)))
    ).json();
    const upcoming = (
      await call('POST', '/absences', sick(employee.id, addDays(today, 10), addDays(today, 12)))
    ).json();
    const current = (
      await call(
        'POST',
        '/absences',
        sick(employee.id, addDays(today, -1), addDays(today, 1), { type: 'training' }),
      )
    ).json();
    const list = (await call('GET', `/absences?employeeId=${employee.id}`)).json();
    expect(list.items.map((a: { id: string }) => a.id)).toEqual([current.id, upcoming.id, past.id]);
    expect(list.items[0].current).toBe(true);
    // One a page, the pages walk across today's, the upcoming and the past ones without a gap.
    const onePerPage = [];
    for (const page of [1, 2, 3, 4]) {
      const answer = (
        await call('GET', `/absences?employeeId=${employee.id}&pageSize=1&page=${page}`)
      ).json();
      expect(answer.total).toBe(3);
      onePerPage.push(...answer.items.map((a: { id: string }) => a.id));
    }
    expect(onePerPage).toEqual([current.id, upcoming.id, past.id]);
    expect(list.total).toBe(3);
    const training = (await call('GET', `/absences?employeeId=${employee.id}&type=training`)).json();
    expect(training.items.map((a: { id: string }) => a.id)).toEqual([current.id]);
    const period = (
      await call(
        'GET',
        `/absences?employeeId=${employee.id}&from=${addDays(today, 11)}&to=${addDays(today, 40)}`,
      )
    ).json();
    expect(period.items.map((a: { id: string }) => a.id)).toEqual([upcoming.id]);
    const byName = (await call('GET', '/absences?q=zzlistetest&sort=startsOn&order=desc')).json();
    expect(byName.items.map((a: { id: string }) => a.id)).toEqual([upcoming.id, current.id, past.id]);
    await call('POST', '/absences', {
      employeeId: employee.id,
      type: 'blacklist',
      startsOn: today,
      clientId: client.id,
    });
    const atClient = (await call('GET', `/absences?employeeId=${employee.id}&clientId=${client.id}`)).json();
    expect(atClient.items).toHaveLength(1);
    const away = (await call('GET', `/absences?employeeId=${employee.id}&type=away`)).json();
    expect(away.total).toBe(3);
    const pageTwo = (await call('GET', `/absences?employeeId=${employee.id}&pageSize=2&page=3`)).json();
    expect(pageTwo).toMatchObject({ items: [], total: 4 });
  });

  it('lets an employee read their own absences and availability, not another’s', async () => {
    const employee = await t.createEmployee();
    const other = await t.createEmployee({ passwordHash: null });
    await call('POST', '/absences', sick(employee.id, '2026-07-06', '2026-07-07'));
    const session = await t.signIn(employee);
    const own = await call('GET', `/employees/${employee.id}/absences`, undefined, session.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().items).toHaveLength(1);
    expect(
      (await call('GET', `/employees/${other.id}/absences`, undefined, session.headers)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/absences', undefined, session.headers)).statusCode).toBe(403);
    const availability = await call(
      'GET',
      `/employees/${employee.id}/availability?from=2026-07-06&to=2026-07-08`,
      undefined,
      session.headers,
    );
    expect(availability.json().days.map((d: { status: string }) => d.status)).toEqual([
      'away',
      'away',
      'available',
    ]);
  });

  it('summarizes who is away today and this week, by type, each person once', async () => {
    const today = companyToday();
    const before = (await call('GET', '/absences/summary')).json();
    const a = await t.createEmployee({ passwordHash: null });
    const b = await t.createEmployee({ passwordHash: null });
    await call('POST', '/absences', sick(a.id, today, today, { type: 'vacation' }));
    await call('POST', '/absences', sick(b.id, today, addDays(today, 2), { type: 'work_accident' }));
    const summary = (await call('GET', '/absences/summary')).json();
    expect(summary.today).toBe(today);
    // This pay week, Sunday to Saturday (pay-week.test.ts checks it at its edges).
    expect(summary).toMatchObject(payWeekOf(today));
    expect(summary.awayTodayTotal).toBe(before.awayTodayTotal + 2);
    // A work accident (CNESST) is health information: counted as `absent` only (Law 25).
    expect(summary.todayByType.absent).toBe((before.todayByType.absent ?? 0) + 1);
    expect(summary.todayByType.work_accident).toBeUndefined();
    expect(summary.todayByType.vacation).toBe((before.todayByType.vacation ?? 0) + 1);
    expect(summary.awayToday.map((p: { employeeId: string }) => p.employeeId)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
  });

  it('lays out a month per day, each day with its count by type and first names', async () => {
    const employee = await t.createEmployee({ passwordHash: null, firstName: 'Mélodie' });
    await call('POST', '/absences', sick(employee.id, '2027-02-26', '2027-03-02'));
    const calendar = (await call('GET', '/absences/calendar?month=2027-02')).json();
    expect(calendar.days).toHaveLength(28);
    expect(calendar.days[25]).toMatchObject({ date: '2027-02-26', total: 1, byType: { absent: 1 } });
    expect(calendar.days[25].first[0]).toMatchObject({ firstName: 'Mélodie', type: 'absent' });
    expect(calendar.days[24].total).toBe(0);
    expect((await call('GET', '/absences/calendar?month=2027-13')).statusCode).toBe(400);
  });
});

describe('health information (Law 25)', () => {
  it('a sickness, a CNESST accident or a preventive withdrawal is only "absent" in lists, whole on the absence itself and to the worker', async () => {
    const employee = await t.createEmployee();
    const withdrawal = (
      await call(
        'POST',
        '/absences',
        sick(employee.id, '2027-05-03', '2027-08-27', { type: 'preventive_withdrawal', reason: 'Grossesse' }),
      )
    ).json();
    const vacation = (
      await call(
        'POST',
        '/absences',
        sick(employee.id, '2027-09-06', '2027-09-10', { type: 'vacation', reason: 'Chalet' }),
      )
    ).json();
    const list = (await call('GET', `/absences?employeeId=${employee.id}`)).json();
    const listed = (id: string) => list.items.find((a: { id: string }) => a.id === id);
    expect(listed(withdrawal.id)).toMatchObject({ type: 'absent', reason: null });
    expect(listed(vacation.id)).toMatchObject({ type: 'vacation', reason: 'Chalet' });
    // The office opens the absence itself: its type and reason.
    expect((await call('GET', `/absences/${withdrawal.id}`)).json()).toMatchObject({
      type: 'preventive_withdrawal',
      reason: 'Grossesse',
    });
    // The employee's page (the office) lists it as absent; the worker reads their own whole.
    const onPage = (await call('GET', `/employees/${employee.id}/absences`)).json();
    expect(onPage.items.find((a: { id: string }) => a.id === withdrawal.id)).toMatchObject({
      type: 'absent',
      reason: null,
    });
    const session = await t.signIn(employee);
    const own = (await call('GET', `/employees/${employee.id}/absences`, undefined, session.headers)).json();
    expect(own.items.find((a: { id: string }) => a.id === withdrawal.id)).toMatchObject({
      type: 'preventive_withdrawal',
      reason: 'Grossesse',
    });
    // The list's filter offers them as one kind, `absent`.
    const absent = (await call('GET', `/absences?employeeId=${employee.id}&type=absent`)).json();
    expect(absent.items.map((a: { id: string }) => a.id)).toEqual([withdrawal.id]);
  });
});

describe('the availability rule', () => {
  it('says each day: available, away, away part of the day, and the days nobody works', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    await call('POST', '/absences', sick(employee.id, '2024-06-25', '2024-06-26'));
    await call(
      'POST',
      '/absences',
      sick(employee.id, '2024-06-27', '2024-06-27', { fromTime: '13:00', toTime: '16:00' }),
    );
    const response = await call(
      'GET',
      `/employees/${employee.id}/availability?from=2024-06-24&to=2024-06-28`,
    );
    expect(response.statusCode).toBe(200);
    const days = response.json().days;
    expect(days.map((d: { status: string }) => d.status)).toEqual([
      'available',
      'away',
      'away',
      'part_day',
      'available',
    ]);
    expect(days[0].holiday).toBe('Fête nationale du Québec');
    expect(days[3].absence).toMatchObject({ fromTime: '13:00', toTime: '16:00' });
    expect(await isEmployeeUnavailable(t.db, employee.id, '2024-06-25')).toBe(true);
    expect(await isEmployeeUnavailable(t.db, employee.id, '2024-06-27')).toBe(false);
    expect(await isEmployeeUnavailable(t.db, employee.id, '2024-06-28')).toBe(false);
  });

  it('lists everyone away in a range, clipped to it, with the blacklists in force', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    await call('POST', '/absences', sick(employee.id, '2028-01-28', '2028-02-03'));
    await call('POST', '/absences', {
      employeeId: employee.id,
      type: 'blacklist',
      startsOn: '2027-06-01',
      clientId: client.id,
    });
    const overview = (await call('GET', '/availability?from=2028-02-01&to=2028-02-29')).json();
    const mine = overview.away.find((a: { employeeId: string }) => a.employeeId === employee.id);
    expect(mine.periods).toEqual([
      expect.objectContaining({ startsOn: '2028-02-01', endsOn: '2028-02-03', type: 'sick' }),
    ]);
    expect(overview.blacklists.filter((b: { employeeId: string }) => b.employeeId === employee.id)).toEqual([
      expect.objectContaining({ clientId: client.id, clientName: 'Construction Bérubé', siteId: null }),
    ]);
    expect((await call('GET', '/availability?from=2028-02-01&to=2030-02-01')).statusCode).toBe(400);
    expect((await call('GET', '/availability?from=2028-02-10&to=2028-02-01')).statusCode).toBe(400);
  });
});

describe('holidays', () => {
  it('shows any year’s calendars, the spec’s 2024 company vacations exactly', async () => {
    const year = (await call('GET', '/holidays?year=2024')).json();
    expect(year.companyVacations).toEqual([
      { start: '2024-07-21', end: '2024-08-04' },
      { start: '2024-12-22', end: '2025-01-05' },
    ]);
    expect(year.quebec.map((h: { key: string }) => h.key)).toContain('patriots');
    const y2025 = (await call('GET', '/holidays?year=2025')).json();
    expect(y2025.construction.find((h: { key: string }) => h.key === 'canadaDay').date).toBe('2025-06-30');
  });

  it('stores an override (move, remove, add), applies it, refuses a second change of one day, and undoes it', async () => {
    const move = await call('POST', '/holidays/overrides', {
      kind: 'move',
      calendar: 'construction',
      year: 2030,
      holidayKey: 'canadaDay',
      date: '2030-06-28',
    });
    expect(move.statusCode).toBe(201);
    const again = await call('POST', '/holidays/overrides', {
      kind: 'remove',
      calendar: 'construction',
      year: 2030,
      holidayKey: 'canadaDay',
    });
    expect(again.statusCode).toBe(409);
    const otherYear = await call('POST', '/holidays/overrides', {
      kind: 'move',
      calendar: 'construction',
      year: 2031,
      holidayKey: 'labourDay',
      date: '2032-09-01',
    });
    expect(otherYear.statusCode).toBe(400);
    const added = await call('POST', '/holidays/overrides', {
      kind: 'add',
      calendar: 'construction',
      date: '2031-12-24',
      nameFr: 'Veille de Noël',
      nameEn: 'Christmas Eve',
    });
    expect(added.statusCode).toBe(201);
    const moved = (await call('GET', '/holidays?year=2030')).json();
    expect(moved.construction.find((h: { key: string }) => h.key === 'canadaDay')).toMatchObject({
      date: '2030-06-28',
      source: 'moved',
      computedDate: '2030-07-01',
    });
    const year = (await call('GET', '/holidays?year=2031')).json();
    expect(year.construction.find((h: { source: string }) => h.source === 'added')).toMatchObject({
      nameFr: 'Veille de Noël',
    });
    expect(year.overrides).toHaveLength(1);
    // The rule reads the overrides: the moved day is a day nobody works.
    const employee = await t.createEmployee({ passwordHash: null });
    const days = (
      await call('GET', `/employees/${employee.id}/availability?from=2030-06-28&to=2030-07-01`)
    ).json().days;
    expect(days.map((d: { holiday: string | null }) => d.holiday)).toEqual([
      'Fête du Canada',
      null,
      null,
      null,
    ]);
    expect((await call('DELETE', `/holidays/overrides/${move.json().id}`)).statusCode).toBe(200);
    const restored = (await call('GET', '/holidays?year=2030')).json();
    expect(restored.construction.find((h: { key: string }) => h.key === 'canadaDay').date).toBe('2030-07-01');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'holiday_override')));
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['holiday_override.create', 'holiday_override.delete']),
    );
  });
});
