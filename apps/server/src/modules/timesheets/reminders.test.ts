import { payWeekStart } from '@brigade/shared';
import { smsLength } from '@brigade/shared/sms';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { outbox } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { storageFor } from '../../lib/storage.ts';
import { runTimesheetJobs, type TimesheetJobDeps } from './weekly-job.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
const deps: TimesheetJobDeps = {
  database: t.database,
  db: t.db,
  storage: storageFor(t.config),
  publicUrl: t.config.PUBLIC_URL,
  realtime: t.app.deps.realtime,
  reminderHours: 24,
};

const client = (await call('POST', '/clients', { name: 'Relances Tremblay' })).json();
const french = await t.createUser({
  role: 'supervisor',
  clientId: client.id,
  firstName: 'Nadia',
  lastName: 'Roy',
  language: 'fr',
  phone: '+15145550161',
});
const english = await t.createUser({
  role: 'supervisor',
  clientId: client.id,
  firstName: 'Liam',
  lastName: 'Smith',
  language: 'en',
  phone: null,
});
const site = (
  await call('POST', `/clients/${client.id}/sites`, {
    name: 'Tour Deschamps – phase 2',
    supervisorIds: [french.id, english.id],
  })
).json();
const worker = await t.createEmployee({ passwordHash: null });
const lastWeek = addDays(payWeekStart(companyToday()), -7);

/** A sheet of the site for a past week with a day of hours, sent by the office now. */
async function sentSheet(weekStart: string) {
  const logged = await call('POST', '/time-entries', {
    employeeId: worker.id,
    siteId: site.id,
    workDate: addDays(weekStart, 1),
    startTime: '07:00',
    endTime: '15:00',
    breakMinutes: 30,
  });
  expect(logged.statusCode, logged.body).toBe(201);
  const sheet = (await call('POST', '/timesheets', { siteId: site.id, week: weekStart })).json();
  const sent = await call('POST', `/timesheets/${sheet.id}/send`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return sheet as { id: string };
}

async function messagesOf(kind: string, timesheetId: string) {
  return t.db
    .select()
    .from(outbox)
    .where(sql`${outbox.meta}->>'kind' = ${kind} and ${outbox.meta}->>'timesheetId' = ${timesheetId}`);
}
const history = async (id: string) =>
  ((await call('GET', `/timesheets/${id}`)).json().events as { kind: string; detail: unknown }[]).map(
    (event) => event.kind,
  );
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

describe('approvers are chased', () => {
  it('reminds the supervisors once after 24 h (e-mail, and SMS to a mobile, each in their language), then alerts the office once', async () => {
    const sheet = await sentSheet(lastWeek);

    await runTimesheetJobs(deps, hoursFromNow(23));
    expect(await messagesOf('timesheet-reminder', sheet.id)).toEqual([]);

    // Two processes look at once, a day and an hour after the sending: one reminder.
    await Promise.all([runTimesheetJobs(deps, hoursFromNow(25)), runTimesheetJobs(deps, hoursFromNow(25))]);
    const reminders = await messagesOf('timesheet-reminder', sheet.id);
    expect(reminders.map((m) => [m.channel, m.recipient, m.language]).sort()).toEqual(
      [
        ['email', english.email, 'en'],
        ['email', french.email, 'fr'],
        ['sms', '+15145550161', 'fr'],
      ].sort(),
    );
    const sms = reminders.find((m) => m.channel === 'sms');
    expect(sms?.body).toMatch(
      /^Rappel Brigade : la feuille de temps de Tour Deschamps - phase 2, semaine du /,
    );
    expect(sms?.body).toContain('/magic-link-login/');
    expect(smsLength(sms?.body ?? '').unicode).toBe(false);
    expect(reminders.find((m) => m.language === 'en')?.subject).toMatch(/^Reminder: timesheet to approve/);
    expect(await history(sheet.id)).toContain('reminded');

    // Later runs send nothing more until the office's turn comes.
    await runTimesheetJobs(deps, hoursFromNow(40));
    expect(await messagesOf('timesheet-reminder', sheet.id)).toHaveLength(3);
    expect(await messagesOf('timesheet-office-alert', sheet.id)).toEqual([]);

    // A day after the reminder, still not approved: the admin who sent it is told, once.
    await runTimesheetJobs(deps, hoursFromNow(50));
    await runTimesheetJobs(deps, hoursFromNow(80));
    const alerts = await messagesOf('timesheet-office-alert', sheet.id);
    expect(alerts.map((m) => [m.channel, m.recipient])).toEqual([['email', admin.user.email]]);
    expect(alerts[0]?.body).toContain('Nadia Roy');
    expect(alerts[0]?.body).toContain(`/timesheets/edit/${sheet.id}`);
    expect(await messagesOf('timesheet-reminder', sheet.id)).toHaveLength(3);
    const kinds = await history(sheet.id);
    expect(kinds.filter((kind) => kind === 'reminded')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'office_alerted')).toHaveLength(1);
  });

  it('chases nobody about an approved timesheet', async () => {
    const sheet = await sentSheet(addDays(lastWeek, -7));
    const supervisor = await t.signIn(french);
    const approved = await call('POST', `/timesheets/${sheet.id}/approve`, undefined, supervisor.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    await runTimesheetJobs(deps, hoursFromNow(25));
    await runTimesheetJobs(deps, hoursFromNow(50));
    expect(await messagesOf('timesheet-reminder', sheet.id)).toEqual([]);
    expect(await messagesOf('timesheet-office-alert', sheet.id)).toEqual([]);
  });
});
