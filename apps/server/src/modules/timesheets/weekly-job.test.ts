import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueTestPhone } from '../../../test/app.ts';
import { changeOf } from '../../../test/changes.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { outbox, timesheetEvents, timesheetJobWeeks, timesheets } from '../../db/schema/index.ts';
import { runAlone } from '../../lib/run-alone.ts';
import { storageFor } from '../../lib/storage.ts';
import { runTimesheetJobs, type TimesheetJobDeps } from './weekly-job.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
const onPostgres = t.database.kind === 'postgres';

/**
 * A second server process on the same database, as far as the job can tell: on PostgreSQL its own
 * pool of connections (its advisory lock is another session's); the embedded database is held by
 * one process, so there the second "process" is the same one.
 */
const other: Database = onPostgres
  ? await openDatabase({
      url: (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    })
  : t.database;
afterAll(async () => {
  if (other !== t.database) await other.close();
});

const depsOf = (database: Database): TimesheetJobDeps => ({
  database,
  db: database.db,
  storage: storageFor(t.config),
  publicUrl: t.config.PUBLIC_URL,
  realtime: t.app.deps.realtime,
  reminderHours: 24,
});
const published: { event: string; payload: unknown }[] = [];
t.app.deps.realtime.listen((event, payload) => published.push({ event, payload }));
const here = depsOf(t.database);
const there = depsOf(other);

/** A Montréal wall-clock time in winter (UTC−5). */
const at = (isoLocal: string) => new Date(`${isoLocal}-05:00`);

// Pay weeks of February 2026: Sunday the 1st, the 8th, the 15th.
const week1 = '2026-02-01';
const week2 = '2026-02-08';
const week3 = '2026-02-15';

async function clientWithSite(name: string, autoSend: boolean, language: 'fr' | 'en' = 'fr') {
  const client = (await call('POST', '/clients', { name, timesheetAutoSend: autoSend })).json();
  expect(client.timesheetAutoSend).toBe(autoSend);
  const supervisor = await t.createUser({
    role: 'supervisor',
    passwordHash: null,
    clientId: client.id,
    language,
    phone: uniqueTestPhone(),
  });
  const site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: `Chantier ${name}`,
      supervisorIds: [supervisor.id],
    })
  ).json();
  return { client, supervisor, site };
}

const worker = await t.createEmployee({ passwordHash: null, lastName: 'Hebdo' });
async function hours(siteId: string, workDate: string, startTime: string, endTime: string) {
  const response = await call('POST', '/time-entries', {
    employeeId: worker.id,
    siteId,
    workDate,
    startTime,
    endTime,
    breakMinutes: 30,
  });
  expect(response.statusCode, response.body).toBe(201);
}

const auto = await clientWithSite('Hebdo Auto', true, 'en');
const manual = await clientWithSite('Hebdo Manuel', false);
const byHand = await clientWithSite('Hebdo Main', true);
await hours(auto.site.id, '2026-02-02', '07:00', '11:00');
await hours(manual.site.id, '2026-02-03', '07:00', '15:00');
await hours(byHand.site.id, '2026-02-04', '07:00', '15:00');
await hours(auto.site.id, '2026-02-10', '07:00', '15:00');
await hours(manual.site.id, '2026-02-17', '07:00', '15:00');

async function sheetsOf(weekStart: string) {
  return t.db.select().from(timesheets).where(eq(timesheets.weekStart, weekStart));
}
async function createdEvents(ids: string[]) {
  if (ids.length === 0) return [];
  return t.db
    .select()
    .from(timesheetEvents)
    .where(and(inArray(timesheetEvents.timesheetId, ids), eq(timesheetEvents.kind, 'created')));
}
async function sentMails(siteName: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), sql`${outbox.body} like ${`%${siteName}%`}`));
}

describe('the weekly timesheets, made and sent by themselves', () => {
  it('does nothing before Sunday 22:00, then makes each site’s sheet once, with two runs at once', async () => {
    // The office made one by hand: the job leaves it as it is.
    const made = await call('POST', '/timesheets', { siteId: byHand.site.id, week: week1 });
    expect(made.statusCode).toBe(201);

    // Sunday the 8th at 21:00: the week of the 1st is not closed yet; the one before had no hours.
    published.length = 0;
    const early = await runTimesheetJobs(here, at('2026-02-08T21:00'));
    expect(early.ran && early.result.weeks).toEqual([
      { weekStart: '2026-01-25', made: 0, failed: [], sent: 0, notSent: [] },
    ]);
    expect(await sheetsOf(week1)).toHaveLength(1);
    expect(published).toEqual([]);

    // 22:00: two processes look at once.
    const outcomes = await Promise.all([
      runTimesheetJobs(here, at('2026-02-08T22:00')),
      runTimesheetJobs(there, at('2026-02-08T22:00')),
    ]);
    if (!onPostgres) expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    const made1 = outcomes.flatMap((outcome) => (outcome.ran ? outcome.result.weeks : []));
    expect(made1.reduce((sum, week) => sum + week.made, 0)).toBe(2);
    // The admins' browsers refresh what the office's making a sheet refreshes (no one clicked).
    expect(published).toEqual([changeOf('POST /timesheets')]);
    const sheets = await sheetsOf(week1);
    expect(sheets.map((sheet) => sheet.siteId).sort()).toEqual(
      [auto.site.id, manual.site.id, byHand.site.id].sort(),
    );
    expect(sheets.every((sheet) => sheet.status === 'draft')).toBe(true);
    // One "created" each: the job's say they were made automatically, the office's is the office's.
    const events = await createdEvents(sheets.map((sheet) => sheet.id));
    expect(events).toHaveLength(3);
    const automatic = events.filter((event) => (event.detail as { automatic?: boolean }).automatic);
    expect(automatic.map((event) => event.actorId)).toEqual([null, null]);

    // Run again: nothing more.
    const again = await runTimesheetJobs(there, at('2026-02-08T23:00'));
    expect(again.ran && again.result.weeks.reduce((sum, week) => sum + week.made, 0)).toBe(0);
    expect(await createdEvents(sheets.map((sheet) => sheet.id))).toHaveLength(3);
  });

  it('sends the sheets of the clients sending by themselves on Monday at 07:00, once, in each supervisor’s language', async () => {
    const before = await runTimesheetJobs(here, at('2026-02-09T06:59'));
    expect(before.ran && before.result.weeks.every((week) => week.sent === 0)).toBe(true);
    expect(await sentMails(auto.site.name)).toEqual([]);

    const outcomes = await Promise.all([
      runTimesheetJobs(here, at('2026-02-09T07:00')),
      runTimesheetJobs(there, at('2026-02-09T07:00')),
    ]);
    const weeks = outcomes.flatMap((outcome) => (outcome.ran ? outcome.result.weeks : []));
    // The auto-sending client's two sheets (the job's and the office's, still a draft); not the other client's.
    expect(weeks.reduce((sum, week) => sum + week.sent, 0)).toBe(2);
    const sheets = await sheetsOf(week1);
    const status = Object.fromEntries(sheets.map((sheet) => [sheet.siteId, sheet.status]));
    expect(status).toEqual({ [auto.site.id]: 'sent', [byHand.site.id]: 'sent', [manual.site.id]: 'draft' });
    const mails = await sentMails(auto.site.name);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: auto.supervisor.email, language: 'en' });
    expect((await sentMails(byHand.site.name))[0]).toMatchObject({ language: 'fr' });

    await runTimesheetJobs(there, at('2026-02-09T09:00'));
    expect(await sentMails(auto.site.name)).toHaveLength(1);
  });

  it('catches up the weeks it missed while down, and sends them at once', async () => {
    // Down from Sunday the 15th to Monday the 23rd at noon: the weeks of the 8th and the 15th are due.
    const outcome = await runTimesheetJobs(there, at('2026-02-23T12:00'));
    expect(outcome.ran).toBe(true);
    if (!outcome.ran) return;
    expect(outcome.result.weeks.map((week) => [week.weekStart, week.made, week.sent])).toEqual([
      [week2, 1, 1],
      [week3, 1, 0],
    ]);
    expect((await sheetsOf(week2)).map((sheet) => [sheet.siteId, sheet.status])).toEqual([
      [auto.site.id, 'sent'],
    ]);
    expect((await sheetsOf(week3)).map((sheet) => [sheet.siteId, sheet.status])).toEqual([
      [manual.site.id, 'draft'],
    ]);
    const rows = await t.db.select().from(timesheetJobWeeks).orderBy(timesheetJobWeeks.weekStart);
    expect(rows.map((row) => [row.weekStart, Boolean(row.madeAt), Boolean(row.sentAt)])).toEqual([
      ['2026-01-25', true, true],
      [week1, true, true],
      [week2, true, true],
      [week3, true, true],
    ]);
  });

  it('runs in one process at a time: while one holds the job, another finds it taken and does nothing', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = runAlone(t.database, 'race', async () => {
      started();
      await held;
      return 1;
    });
    await isStarted;
    expect(await runAlone(other, 'race', async () => 2)).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, result: 1 });
    // Released once done, even by a failure.
    await expect(runAlone(other, 'race', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await runAlone(t.database, 'race', async () => 3)).toEqual({ ran: true, result: 3 });
  });
});
