import { randomUUID } from 'node:crypto';
import { payWeekStart } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, sites, timeEntries, timesheetEvents, timesheets, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { holdWeekSql } from '../timesheets/index.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

let client: { id: string };
let site: { id: string };
let otherSite: { id: string };
let archivedSite: { id: string };
let supervisor: { headers: Record<string, string>; user: { id: string } };

beforeAll(async () => {
  client = (await call('POST', '/clients', { name: 'Construction Bérubé' })).json();
  const supervisorUser = await t.createUser({ role: 'supervisor', clientId: client.id });
  supervisor = await t.signIn(supervisorUser);
  site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Tour Deschamps',
      supervisorIds: [supervisorUser.id],
    })
  ).json();
  archivedSite = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Entrepôt fermé',
      supervisorIds: [supervisorUser.id],
    })
  ).json();
  await t.db.update(sites).set({ archived: true }).where(eq(sites.id, archivedSite.id));
  const other = (await call('POST', '/clients', { name: 'Pomerleau' })).json();
  const otherSupervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: other.id });
  otherSite = (
    await call('POST', `/clients/${other.id}/sites`, {
      name: 'Gare Centrale',
      supervisorIds: [otherSupervisor.id],
    })
  ).json();
});

const yesterday = () => addDays(companyToday(), -1);
/** A worker, signed in. */
async function worker() {
  return t.signIn(await t.createEmployee());
}
const hours = (extra: object = {}) => ({
  siteId: site.id,
  workDate: yesterday(),
  startTime: '07:00',
  endTime: '15:30',
  breakMinutes: 30,
  ...extra,
});
const fieldsOf = (response: { json: () => { details?: { fields?: { path: string; message: string }[] } } }) =>
  Object.fromEntries((response.json().details?.fields ?? []).map((field) => [field.path, field.message]));

describe('logging hours', () => {
  it('logs a day of the worker’s own in quarter hours, less the break, with parking, in the audit log', async () => {
    const me = await worker();
    const response = await call(
      'POST',
      '/time-entries',
      hours({ parking: '12,50', comment: 'Dalle coulée' }),
      me.headers,
    );
    expect(response.statusCode).toBe(201);
    const entry = response.json();
    expect(entry).toMatchObject({
      employee: { id: me.user.id },
      site: { id: site.id, name: 'Tour Deschamps', client: { name: 'Construction Bérubé' } },
      workDate: yesterday(),
      startTime: '07:00',
      endTime: '15:30',
      breakMinutes: 30,
      minutes: 480,
      parkingCents: 1250,
      comment: 'Dalle coulée',
      photos: [],
      rejection: null,
      timesheetStatus: null,
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, entry.id));
    expect(audit?.action).toBe('time_entry.create');
  });

  it('refuses hours not on quarter hours, the same start and end, a break as long as the hours, a parking over 1,000 $', async () => {
    const me = await worker();
    const response = await call(
      'POST',
      '/time-entries',
      hours({ startTime: '07:10', endTime: '15:30', breakMinutes: 20, parking: 1000.01 }),
      me.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toMatchObject({
      startTime: 'quarter_hour',
      breakMinutes: 'quarter_hour',
      parking: 'parking_max',
    });
    // An end before the start is on the next day (night-shifts.test.ts); the same time is nothing.
    const sameTime = await call(
      'POST',
      '/time-entries',
      hours({ startTime: '07:00', endTime: '07:00' }),
      me.headers,
    );
    expect(fieldsOf(sameTime)).toEqual({ endTime: 'same_time' });
    const allBreak = await call(
      'POST',
      '/time-entries',
      hours({ startTime: '07:00', endTime: '08:00', breakMinutes: 60 }),
      me.headers,
    );
    expect(fieldsOf(allBreak)).toEqual({ breakMinutes: 'break_too_long' });
    const notMoney = await call('POST', '/time-entries', hours({ parking: '12,505' }), me.headers);
    expect(fieldsOf(notMoney)).toEqual({ parking: 'invalid_amount' });
    const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, me.user.id));
    expect(rows).toEqual([]);
  });

  it('takes 24:00 as the end of a day (the midnight that ends it, 00:00 the next day), and a parking of exactly 1,000 $', async () => {
    const me = await worker();
    const response = await call(
      'POST',
      '/time-entries',
      hours({ startTime: '16:00', endTime: '24:00', breakMinutes: 0, parking: 1000 }),
      me.headers,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      endTime: '00:00',
      endsNextDay: true,
      minutes: 480,
      parkingCents: 100_000,
    });
  });

  it('refuses a day in the future (Montréal time)', async () => {
    const me = await worker();
    const response = await call(
      'POST',
      '/time-entries',
      hours({ workDate: addDays(companyToday(), 1) }),
      me.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({ workDate: 'future' });
    const today = await call('POST', '/time-entries', hours({ workDate: companyToday() }), me.headers);
    expect(today.statusCode).toBe(201);
  });

  it('refuses hours that overlap another entry of the worker that day, naming it; touching ends are fine', async () => {
    const me = await worker();
    await call(
      'POST',
      '/time-entries',
      hours({ startTime: '07:00', endTime: '12:00', breakMinutes: 0 }),
      me.headers,
    );
    const overlap = await call(
      'POST',
      '/time-entries',
      hours({ siteId: otherSite.id, startTime: '11:45', endTime: '16:00', breakMinutes: 0 }),
      me.headers,
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({
      code: 'TIME_ENTRY_OVERLAP',
      details: { entry: { startTime: '07:00', endTime: '12:00', siteName: 'Tour Deschamps' } },
    });
    const after = await call(
      'POST',
      '/time-entries',
      hours({ siteId: otherSite.id, startTime: '12:00', endTime: '16:00', breakMinutes: 0 }),
      me.headers,
    );
    expect(after.statusCode).toBe(201);
  });

  it('writes one entry of two sent at once at the same time (the database’s constraint decides)', async () => {
    const me = await worker();
    const [a, b] = await Promise.all([
      call(
        'POST',
        '/time-entries',
        hours({ startTime: '07:00', endTime: '12:00', breakMinutes: 0 }),
        me.headers,
      ),
      call(
        'POST',
        '/time-entries',
        hours({ startTime: '08:00', endTime: '13:00', breakMinutes: 0 }),
        me.headers,
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, me.user.id));
    expect(rows).toHaveLength(1);
  });

  it('writes an entry sent again with the same key once, and answers it as the first time', async () => {
    const me = await worker();
    const idempotencyKey = randomUUID();
    const first = await call('POST', '/time-entries', hours({ idempotencyKey }), me.headers);
    const again = await call('POST', '/time-entries', hours({ idempotencyKey }), me.headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    // Replayed together (the phone's queue sending twice as the network comes back).
    const key2 = randomUUID();
    const replays = await Promise.all(
      [1, 2, 3].map(() =>
        call(
          'POST',
          '/time-entries',
          hours({ idempotencyKey: key2, workDate: addDays(yesterday(), -1) }),
          me.headers,
        ),
      ),
    );
    expect(new Set(replays.map((reply) => reply.json().id)).size).toBe(1);
    const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, me.user.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses a day the worker is away; hours outside a part-day absence are fine', async () => {
    const me = await worker();
    const day = addDays(companyToday(), -3);
    await call('POST', '/absences', { employeeId: me.user.id, type: 'sick', startsOn: day, endsOn: day });
    const away = await call('POST', '/time-entries', hours({ workDate: day }), me.headers);
    expect(away.statusCode).toBe(409);
    expect(away.json()).toMatchObject({ code: 'EMPLOYEE_ABSENT', details: { absence: { type: 'sick' } } });

    const other = addDays(companyToday(), -4);
    await call('POST', '/absences', {
      employeeId: me.user.id,
      type: 'personal',
      startsOn: other,
      endsOn: other,
      fromTime: '08:00',
      toTime: '10:00',
    });
    const crossing = await call('POST', '/time-entries', hours({ workDate: other }), me.headers);
    expect(crossing.json().code).toBe('EMPLOYEE_ABSENT');
    const afterwards = await call(
      'POST',
      '/time-entries',
      hours({ workDate: other, startTime: '10:00', endTime: '16:00', breakMinutes: 30 }),
      me.headers,
    );
    expect(afterwards.statusCode).toBe(201);
  });

  it('refuses a site no longer active, or one the worker is blacklisted from', async () => {
    const me = await worker();
    const archived = await call('POST', '/time-entries', hours({ siteId: archivedSite.id }), me.headers);
    expect(archived.json()).toMatchObject({ code: 'SITE_NOT_ALLOWED', details: { reason: 'inactive' } });
    await call('POST', '/absences', {
      employeeId: me.user.id,
      type: 'blacklist',
      startsOn: addDays(companyToday(), -30),
      clientId: client.id,
    });
    const blacklisted = await call('POST', '/time-entries', hours(), me.headers);
    expect(blacklisted.statusCode).toBe(409);
    expect(blacklisted.json()).toMatchObject({
      code: 'SITE_NOT_ALLOWED',
      details: { reason: 'blacklisted' },
    });
  });

  it('refuses an archived worker, and an employee logging for someone else', async () => {
    const me = await worker();
    const someone = await t.createEmployee({ passwordHash: null });
    const forOther = await call('POST', '/time-entries', hours({ employeeId: someone.id }), me.headers);
    expect(forOther.statusCode).toBe(403);
    await t.db.update(users).set({ active: false }).where(eq(users.id, someone.id));
    const archived = await call('POST', '/time-entries', hours({ employeeId: someone.id }));
    expect(archived.json().code).toBe('EMPLOYEE_ARCHIVED');
  });

  it('lets a supervisor log hours on their own sites only, for the workers confirmed there that week, naming the worker', async () => {
    const someone = await t.createEmployee({ passwordHash: null });
    const unnamed = await call('POST', '/time-entries', hours(), supervisor.headers);
    expect(fieldsOf(unnamed)).toEqual({ employeeId: 'required' });
    // Not confirmed on the site: refused, whoever they are (issue 27).
    const stranger = await call(
      'POST',
      '/time-entries',
      hours({ employeeId: someone.id }),
      supervisor.headers,
    );
    expect(stranger.statusCode, stranger.body).toBe(409);
    expect(stranger.json()).toMatchObject({ code: 'SITE_NOT_ALLOWED', details: { reason: 'not_confirmed' } });
    await t.confirmOn({
      clientId: client.id,
      siteId: site.id,
      employeeId: someone.id,
      startsOn: addDays(yesterday(), -1),
      endsOn: yesterday(),
    });
    const own = await call('POST', '/time-entries', hours({ employeeId: someone.id }), supervisor.headers);
    expect(own.statusCode, own.body).toBe(201);
    const elsewhere = await call(
      'POST',
      '/time-entries',
      hours({
        employeeId: someone.id,
        siteId: otherSite.id,
        startTime: '16:00',
        endTime: '18:00',
        breakMinutes: 0,
      }),
      supervisor.headers,
    );
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('the pay weeks a worker may log', () => {
  it('are this one and the last; older ones are the office’s, to log, change or delete', async () => {
    const me = await worker();
    const oldestOpen = addDays(payWeekStart(companyToday()), -7);
    const open = await call('POST', '/time-entries', hours({ workDate: oldestOpen }), me.headers);
    expect(open.statusCode, open.body).toBe(201);
    for (const workDate of [addDays(oldestOpen, -1), '1900-01-01']) {
      const closed = await call('POST', '/time-entries', hours({ workDate, parking: 1000 }), me.headers);
      expect(closed.statusCode, closed.body).toBe(409);
      expect(closed.json()).toMatchObject({ code: 'PAY_WEEK_CLOSED', details: { oldestOpen } });
    }
    // The office logs an older day for them; the worker can neither move nor delete it.
    const older = await call(
      'POST',
      '/time-entries',
      hours({ workDate: addDays(oldestOpen, -2), employeeId: me.user.id }),
    );
    expect(older.statusCode, older.body).toBe(201);
    const moved = await call(
      'PUT',
      `/time-entries/${older.json().id}`,
      hours({ workDate: oldestOpen, startTime: '16:00', endTime: '18:00', breakMinutes: 0 }),
      me.headers,
    );
    expect(moved.json().code).toBe('PAY_WEEK_CLOSED');
    const deleted = await call('DELETE', `/time-entries/${older.json().id}`, undefined, me.headers);
    expect(deleted.json().code).toBe('PAY_WEEK_CLOSED');
    expect((await call('DELETE', `/time-entries/${older.json().id}`)).statusCode).toBe(200);
  });
});

describe('changing and deleting hours', () => {
  it('changes an entry (not into an overlap with itself) and deletes it, both in the audit log', async () => {
    const me = await worker();
    const entry = (await call('POST', '/time-entries', hours(), me.headers)).json();
    const changed = await call(
      'PUT',
      `/time-entries/${entry.id}`,
      hours({ endTime: '16:00', parking: 5 }),
      me.headers,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ endTime: '16:00', minutes: 510, parkingCents: 500 });
    const deleted = await call('DELETE', `/time-entries/${entry.id}`, undefined, me.headers);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, entry.id))).map(
      (row) => row.action,
    );
    expect(actions.sort()).toEqual(['time_entry.create', 'time_entry.delete', 'time_entry.update']);
    expect((await call('GET', `/time-entries/${entry.id}`, undefined, me.headers)).statusCode).toBe(404);
  });

  it('keeps the worker of an entry: another one named is refused', async () => {
    const me = await worker();
    const someone = await t.createEmployee({ passwordHash: null });
    const entry = (await call('POST', '/time-entries', hours({ employeeId: me.user.id }))).json();
    const moved = await call('PUT', `/time-entries/${entry.id}`, hours({ employeeId: someone.id }));
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved)).toEqual({ employeeId: 'unchangeable' });
  });

  it('keeps an approved week as approved: the worker and the supervisor are refused, an admin’s change reopens it', async () => {
    const me = await worker();
    const entry = (await call('POST', '/time-entries', hours({ employeeId: me.user.id }))).json();
    const [sheet] = await t.db
      .insert(timesheets)
      .values({
        siteId: site.id,
        weekStart: payWeekStart(entry.workDate),
        status: 'approved',
        approvedAt: new Date(),
        approvedByName: 'Marc Bérubé',
        approvedIp: '203.0.113.7',
      })
      .returning();
    const byWorker = await call('PUT', `/time-entries/${entry.id}`, hours({ endTime: '16:00' }), me.headers);
    expect(byWorker.statusCode).toBe(409);
    expect(byWorker.json().code).toBe('TIMESHEET_APPROVED');
    expect(
      (await call('DELETE', `/time-entries/${entry.id}`, undefined, supervisor.headers)).json().code,
    ).toBe('TIMESHEET_APPROVED');
    const added = await call(
      'POST',
      '/time-entries',
      hours({ workDate: entry.workDate, startTime: '17:00', endTime: '18:00', breakMinutes: 0 }),
      me.headers,
    );
    expect(added.json().code).toBe('TIMESHEET_APPROVED');
    expect(
      (await call('GET', `/time-entries/${entry.id}`, undefined, me.headers)).json().timesheetStatus,
    ).toBe('approved');

    const byAdmin = await call(
      'PUT',
      `/time-entries/${entry.id}`,
      hours({ employeeId: me.user.id, endTime: '16:00' }),
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().timesheetStatus).toBe('reopened');
    const [reopened] = await t.db.select().from(timesheets).where(eq(timesheets.id, sheet!.id));
    expect(reopened).toMatchObject({ status: 'reopened', approvedAt: null, approvedByName: null });
    const [event] = await t.db
      .select()
      .from(timesheetEvents)
      .where(eq(timesheetEvents.timesheetId, sheet!.id));
    expect(event).toMatchObject({
      kind: 'reopened',
      actorId: admin.user.id,
      detail: { change: 'entry.update', previousApproval: { by: 'Marc Bérubé', ip: '203.0.113.7' } },
    });
    // Written by the timesheets module, the reopening has its audit row like every sheet event.
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sheet!.id));
    expect(audits.filter((row) => row.action === 'timesheet.reopen')).toMatchObject([
      { actorId: admin.user.id, entity: 'timesheet', after: { status: 'reopened', change: 'entry.update' } },
    ]);
  });

  it('lets two admins change an approved week at once: both changes land, the week reopened once', async () => {
    // Both hold the week shared; the second to reopen it waits for the first, then finds it reopened.
    const first = await worker();
    const second = await worker();
    const entries = [
      (await call('POST', '/time-entries', hours({ employeeId: first.user.id }))).json(),
      (await call('POST', '/time-entries', hours({ employeeId: second.user.id }))).json(),
    ];
    // The week may have its timesheet already (the test before): approved again.
    const [sheet] = await t.db
      .insert(timesheets)
      .values({ siteId: site.id, weekStart: payWeekStart(entries[0].workDate), status: 'approved' })
      .onConflictDoUpdate({ target: [timesheets.siteId, timesheets.weekStart], set: { status: 'approved' } })
      .returning();
    const eventsBefore = await t.db
      .select()
      .from(timesheetEvents)
      .where(eq(timesheetEvents.timesheetId, sheet!.id));
    const changes = await Promise.all(
      entries.map((entry) =>
        call('PUT', `/time-entries/${entry.id}`, hours({ employeeId: entry.employee.id, endTime: '16:00' })),
      ),
    );
    expect(changes.map((change) => change.statusCode)).toEqual([200, 200]);
    const events = await t.db
      .select()
      .from(timesheetEvents)
      .where(eq(timesheetEvents.timesheetId, sheet!.id));
    expect(events.slice(eventsBefore.length).map((event) => event.kind)).toEqual(['reopened']);
  });
});

describe('the week', () => {
  it('gives the pay week from Sunday to Saturday with daily and weekly totals, regular and overtime', async () => {
    const me = await worker();
    // A past week, Sunday 2026-03-01 to Saturday 2026-03-07: 10 h on Monday, then 9 h from Tuesday to
    // Friday, logged by the office (a week that old is closed to the worker).
    const theirs = { employeeId: me.user.id };
    await call(
      'POST',
      '/time-entries',
      hours({ ...theirs, workDate: '2026-03-02', startTime: '06:00', endTime: '16:30', breakMinutes: 30 }),
    );
    for (const day of ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']) {
      await call(
        'POST',
        '/time-entries',
        hours({
          ...theirs,
          workDate: day,
          startTime: '07:00',
          endTime: '16:30',
          breakMinutes: 30,
          parking: 10,
        }),
      );
    }
    const response = await call('GET', '/time-entries/week?week=2026-03-04', undefined, me.headers);
    expect(response.statusCode).toBe(200);
    const week = response.json();
    expect(week.weekStart).toBe('2026-03-01');
    expect(week.days.map((day: { date: string }) => day.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(week.days[1]).toMatchObject({ minutes: 600, regular: 480, overtime: 120 });
    // 46 h: 8 h of daily overtime (2 + 4 × 1); the 40 regular hours are within the week's limit.
    expect(week.totals).toEqual({ minutes: 46 * 60, regular: 40 * 60, overtime: 6 * 60, parkingCents: 4000 });
  });

  it('shows a supervisor the weeks of their sites’ workers, with their sites’ entries only', async () => {
    const someone = await t.createEmployee({ passwordHash: null });
    await call('POST', '/time-entries', hours({ employeeId: someone.id, workDate: '2026-02-10' }));
    await call(
      'POST',
      '/time-entries',
      hours({ employeeId: someone.id, workDate: '2026-02-11', siteId: otherSite.id }),
    );
    const week = await call(
      'GET',
      `/time-entries/week?employeeId=${someone.id}&week=2026-02-10`,
      undefined,
      supervisor.headers,
    );
    expect(week.statusCode).toBe(200);
    expect(week.json().days.flatMap((day: { entries: unknown[] }) => day.entries)).toHaveLength(1);
    const stranger = await t.createEmployee({ passwordHash: null });
    const refused = await call(
      'GET',
      `/time-entries/week?employeeId=${stranger.id}`,
      undefined,
      supervisor.headers,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('proposes the sites of the worker’s confirmed assignations that day', async () => {
    const me = await worker();
    const start = companyToday();
    const skill = (await call('POST', '/skills', { nameFr: 'Coffrage', nameEn: 'Formwork' })).json();
    const created = await call('POST', '/orders', {
      clientId: client.id,
      siteId: site.id,
      workersNeeded: 1,
      startsOn: start,
      endsOn: addDays(start, 30),
      includeWeekends: true,
      dailyStart: '06:30',
      dailyEnd: '15:00',
      skills: [{ skillId: skill.id, mandatory: false }],
      toolIds: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    const asked = await call('POST', `/orders/${order.id}/assignations`, {
      employeeIds: [me.user.id],
      overrideReason: 'Demandé par le client',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const assigned = asked.json();
    await call('POST', `/assignations/${assigned.created[0].id}/answer`, { answer: 'confirmed' });
    const defaults = await call('GET', '/time-entries/defaults', undefined, me.headers);
    expect(defaults.json()).toMatchObject({
      date: start,
      suggestedSites: [{ id: site.id, name: 'Tour Deschamps', dailyStart: '06:30', dailyEnd: '15:00' }],
    });
    const before = await call(
      'GET',
      `/time-entries/defaults?date=${addDays(start, -1)}`,
      undefined,
      me.headers,
    );
    expect(before.json().suggestedSites).toEqual([]);
  });
});

describe('the sites one may log hours on', () => {
  it('offers a worker every active site, searched; a supervisor their own only', async () => {
    const me = await worker();
    const names = async (headers: Record<string, string>, q = '') =>
      (await call('GET', `/time-entries/sites${q ? `?q=${encodeURIComponent(q)}` : ''}`, undefined, headers))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names(me.headers)).toEqual(expect.arrayContaining(['Gare Centrale', 'Tour Deschamps']));
    expect(await names(me.headers)).not.toContain('Entrepôt fermé');
    expect(await names(me.headers, 'deschamp')).toEqual(['Tour Deschamps']);
    expect(await names(supervisor.headers)).toEqual(['Tour Deschamps']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a site's week and its approval, at the same moment", () => {
  it('hours asked while an approval of their week is being written wait for it, then find the week approved', async () => {
    const me = await worker();
    // Last pay week's Sunday: the oldest day a worker may still log.
    const workDate = addDays(payWeekStart(companyToday()), -7);
    const weekStart = payWeekStart(workDate);
    const [sheet] = await t.db
      .insert(timesheets)
      .values({ siteId: site.id, weekStart })
      .onConflictDoUpdate({ target: [timesheets.siteId, timesheets.weekStart], set: { status: 'draft' } })
      .returning();
    let posted: ReturnType<typeof call> | undefined;
    await t.db.transaction(async (tx) => {
      // An approval under way: the week held alone and the timesheet approved, not yet committed.
      await tx.execute(sql`select ${holdWeekSql(site.id, weekStart)}`);
      await tx.update(timesheets).set({ status: 'approved' }).where(eq(timesheets.id, sheet!.id));
      posted = call('POST', '/time-entries', hours({ workDate }), me.headers);
      const answeredMeanwhile = await Promise.race([
        posted.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
      ]);
      expect(answeredMeanwhile).toBe(false);
    });
    const response = await (posted as ReturnType<typeof call>);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('TIMESHEET_APPROVED');
  });
});
