import type { Language } from '@brigade/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { timesheets, users } from '../../db/schema/index.ts';
import { enqueueMessages, type OutgoingMessage } from '../outbox/index.ts';
import { issueToken } from '../sessions/index.ts';
import { recordSheetEvent } from './events.ts';
import { loadSheet, sheetRecipients } from './read.ts';
import { officeAlertMessage, reminderMessage } from './reminder-texts.ts';
import { dayText } from './texts.ts';

/**
 * Approvers are chased (issue 26, point 4). A timesheet sent and not approved `reminderHours` after
 * it was sent gets one reminder: each supervisor of the site an e-mail, and an SMS when they have a
 * mobile, in their language, with a new link to approve without a password. Still not approved
 * `reminderHours` after that reminder, the office is told by e-mail (the admin who sent it, or
 * every admin when the weekly job did). Both are events of the timesheet's history, written in the
 * transaction that queues their messages, and counted from its last sending: sent again, it is
 * chased again, once.
 */

export interface ChaseDeps {
  db: Db;
  publicUrl: string;
  /** Hours a sent timesheet waits for its approval before its reminder, then before the office's alert. */
  reminderHours: number;
}

export interface ChaseOutcome {
  reminded: number;
  officeAlerted: number;
}

/** The job's events name no one: it is nobody's doing. */
const noActor = null as unknown as string;

/** Sent, waiting for approval, and no `kind` event since it was last sent. */
const waitingWithout = (kind: 'reminded' | 'office_alerted') =>
  sql`${timesheets.status} = 'sent' and not exists (
    select 1 from timesheet_events e
    where e.timesheet_id = ${timesheets.id} and e.kind = ${kind} and e.at >= ${timesheets.sentAt})`;

async function dueForReminder(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(and(sql`${timesheets.sentAt} <= ${before.toISOString()}::timestamptz`, waitingWithout('reminded')))
    .orderBy(timesheets.sentAt);
  return rows.map((row) => row.id);
}

async function dueForOfficeAlert(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(
      and(
        waitingWithout('office_alerted'),
        sql`exists (select 1 from timesheet_events e
          where e.timesheet_id = ${timesheets.id} and e.kind = 'reminded' and e.at >= ${timesheets.sentAt}
            and e.at <= ${before.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(timesheets.sentAt);
  return rows.map((row) => row.id);
}

/** The sheet locked, if it is still waiting for what `kind` does (another change may have come first). */
async function lockWaiting(tx: Tx, id: string, kind: 'reminded' | 'office_alerted') {
  const [locked] = await tx
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.id, id), waitingWithout(kind)))
    .for('update');
  return locked;
}

async function remind(deps: ChaseDeps, id: string, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockWaiting(tx, id, 'reminded');
    const row = locked ? await loadSheet(tx, id) : null;
    if (!locked || !row) return false;
    const supervisors = (await sheetRecipients(tx, row)).filter((r) => r.kind === 'supervisor' && r.userId);
    const messages: OutgoingMessage[] = [];
    const recipients: { name: string; channel: 'email' | 'sms'; to: string }[] = [];
    const sending = locked.sentAt?.toISOString() ?? '';
    for (const supervisor of supervisors) {
      const token = await issueToken(tx, {
        userId: supervisor.userId as string,
        purpose: 'magic_link',
        scope: { kind: 'timesheet', id },
      });
      const text = reminderMessage(supervisor.language, {
        name: supervisor.name,
        siteName: row.site.name,
        week: dayText(row.sheet.weekStart, supervisor.language, true),
        link: `${deps.publicUrl.replace(/\/$/, '')}/magic-link-login/${token}`,
      });
      const meta = { kind: 'timesheet-reminder', timesheetId: id };
      if (supervisor.email) {
        messages.push({
          channel: 'email',
          recipient: supervisor.email,
          subject: text.subject,
          body: text.email,
          language: supervisor.language,
          idempotencyKey: `timesheet-reminder:${id}:${sending}:${supervisor.email}`,
          meta,
        });
        recipients.push({ name: supervisor.name, channel: 'email', to: supervisor.email });
      }
      if (supervisor.phone) {
        messages.push({
          channel: 'sms',
          recipient: supervisor.phone,
          body: text.sms,
          language: supervisor.language,
          idempotencyKey: `timesheet-reminder:${id}:${sending}:${supervisor.phone}`,
          meta,
        });
        recipients.push({ name: supervisor.name, channel: 'sms', to: supervisor.phone });
      }
    }
    await enqueueMessages(tx, messages);
    // Written even when no supervisor can be reached: the office's alert then follows as due.
    await recordSheetEvent(
      tx,
      { timesheetId: id, kind: 'reminded', actorId: noActor, detail: { recipients }, at: now },
      { action: 'timesheet.remind', entity: 'timesheet', entityId: id, after: { recipients } },
    );
    return true;
  });
}

/** The admin who last sent the sheet, when they can still be written to; otherwise every active admin. */
async function officeOf(tx: Tx, id: string) {
  const admins = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      language: users.language,
      sender: sql<boolean>`${users.id} = (select e.actor_id from timesheet_events e
        where e.timesheet_id = ${id} and e.kind = 'sent' order by e.at desc limit 1)`,
    })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), sql`${users.email} is not null`))
    .orderBy(users.lastName, users.firstName);
  const sender = admins.filter((admin) => admin.sender);
  return sender.length ? sender : admins;
}

async function alertOffice(deps: ChaseDeps, id: string, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockWaiting(tx, id, 'office_alerted');
    const row = locked ? await loadSheet(tx, id) : null;
    if (!locked || !row) return false;
    const [reminder] = await tx
      .execute<{ detail: { recipients?: { name: string }[] } }>(sql`
      select detail from timesheet_events
      where timesheet_id = ${id} and kind = 'reminded' order by at desc limit 1`)
      .then(
        (result) => (result as unknown as { rows: { detail: { recipients?: { name: string }[] } }[] }).rows,
      );
    const chased = [...new Set((reminder?.detail.recipients ?? []).map((r) => r.name))];
    const sending = locked.sentAt?.toISOString() ?? '';
    const office = await officeOf(tx, id);
    const messages: OutgoingMessage[] = office.map((admin) => {
      const language = admin.language as Language;
      const text = officeAlertMessage(language, {
        name: admin.firstName,
        siteName: row.site.name,
        week: dayText(row.sheet.weekStart, language, true),
        chased: chased.length ? chased.join(', ') : language === 'fr' ? 'personne' : 'no one',
        hours: deps.reminderHours,
        link: `${deps.publicUrl.replace(/\/$/, '')}/timesheets/edit/${id}`,
      });
      return {
        channel: 'email',
        recipient: admin.email as string,
        subject: text.subject,
        body: text.email,
        language,
        idempotencyKey: `timesheet-office-alert:${id}:${sending}:${admin.id}`,
        meta: { kind: 'timesheet-office-alert', timesheetId: id },
      };
    });
    await enqueueMessages(tx, messages);
    const recipients = office.map((admin) => ({
      name: `${admin.firstName} ${admin.lastName}`,
      channel: 'email',
      to: admin.email,
    }));
    await recordSheetEvent(
      tx,
      { timesheetId: id, kind: 'office_alerted', actorId: noActor, detail: { recipients }, at: now },
      { action: 'timesheet.office_alert', entity: 'timesheet', entityId: id, after: { recipients } },
    );
    return true;
  });
}

/** The reminders and office alerts due at `now`, each sheet in its own transaction. */
export async function chaseApprovers(
  deps: ChaseDeps & { log?: { warn(object: object, message: string): void } },
  now: Date,
): Promise<ChaseOutcome> {
  const before = new Date(now.getTime() - deps.reminderHours * 3_600_000);
  const outcome: ChaseOutcome = { reminded: 0, officeAlerted: 0 };
  for (const id of await dueForReminder(deps.db, before)) {
    try {
      if (await remind(deps, id, now)) outcome.reminded++;
    } catch (error) {
      deps.log?.warn({ err: error, timesheetId: id }, 'timesheet reminder not sent');
    }
  }
  for (const id of await dueForOfficeAlert(deps.db, before)) {
    try {
      if (await alertOffice(deps, id, now)) outcome.officeAlerted++;
    } catch (error) {
      deps.log?.warn({ err: error, timesheetId: id }, 'office not alerted of a timesheet');
    }
  }
  return outcome;
}
