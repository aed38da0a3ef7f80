import { randomUUID } from 'node:crypto';
import type { Timesheet, TimesheetReject } from '@brigade/shared';
import { timesheetRejectSchema } from '@brigade/shared';
import { and, asc, between, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { timeEntries, timesheets, users } from '../../db/schema/index.ts';
import { addDays } from '../../lib/calendar.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { retryOnDeadlock } from '../../lib/exclusive.ts';
import type { Actor } from '../../lib/policy.ts';
import { recordSheetEvent } from './events.ts';
import { timesheetsPolicy } from './policy.ts';
import { getTimesheet, sheetFor } from './read.ts';
import { tellOfficeRefused } from './refused.ts';
import { holdWeekSql } from './week-lock.ts';

/** Where an approval came from, recorded with it. */
export interface Origin {
  ip: string;
  userAgent: string | undefined;
}

/**
 * The timesheet locked for a decision, refused once approved. Its week is held first (`holdWeekSql`):
 * hours being written into it are written before, and the row is read after them.
 */
async function lockOpenSheet(tx: Tx, id: string) {
  await tx.execute(
    sql`select ${holdWeekSql(timesheets.siteId, timesheets.weekStart)} from ${timesheets} where ${timesheets.id} = ${id}`,
  );
  const [sheet] = await tx.select().from(timesheets).where(eq(timesheets.id, id)).for('update');
  if (!sheet) throw notFound('Timesheet');
  if (sheet.status === 'approved') {
    throw new AppError('TIMESHEET_APPROVED', 'This timesheet is already approved', { timesheetId: id });
  }
  // A draft is the office's still: a supervisor decides on what was sent to them (issue 26, point 6).
  if (sheet.status !== 'sent' && sheet.status !== 'reopened') {
    throw new AppError('TIMESHEET_NOT_SENT', 'This timesheet was not sent for approval', {
      timesheetId: id,
      status: sheet.status,
    });
  }
  return sheet;
}

/** The lines of a site's week a supervisor refused and nobody has corrected or deleted yet. */
export async function openRefusals(db: Executor, siteId: string, weekStart: string) {
  return db
    .select({
      entryId: timeEntries.id,
      employeeId: timeEntries.employeeId,
      firstName: users.firstName,
      lastName: users.lastName,
      workDate: timeEntries.workDate,
      minutes: timeEntries.minutes,
      reason: timeEntries.rejectionReason,
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.employeeId))
    .where(
      and(
        eq(timeEntries.siteId, siteId),
        between(timeEntries.workDate, weekStart, addDays(weekStart, 6)),
        isNotNull(timeEntries.rejectedAt),
      ),
    )
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.startMinute), asc(timeEntries.id));
}

/**
 * A supervisor of the site approves the week (from their magic link too): who, when, from which
 * address and browser, kept on the timesheet and in its history. Only a sent or reopened week, and
 * only once every refused line is settled (corrected or deleted by the office): an approval covers
 * every line it shows, so it never covers hours someone refused (issue 26, point 1).
 */
export async function approveTimesheet(db: Db, actor: Actor, id: string, origin: Origin): Promise<Timesheet> {
  await sheetFor(db, actor, id, timesheetsPolicy.approve);
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const before = await lockOpenSheet(tx, id);
      const refused = await openRefusals(tx, before.siteId, before.weekStart);
      if (refused.length > 0) {
        throw new AppError(
          'TIMESHEET_HAS_REFUSED_LINES',
          'Refused lines wait for the office: the week is approved once they are settled',
          {
            timesheetId: id,
            lines: refused.map((line) => ({
              entryId: line.entryId,
              employee: { id: line.employeeId, firstName: line.firstName, lastName: line.lastName },
              workDate: line.workDate,
              minutes: line.minutes,
              reason: line.reason,
            })),
          },
        );
      }
      const [approver] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, actor.userId));
      const name = approver ? `${approver.firstName} ${approver.lastName}` : null;
      const userAgent = origin.userAgent?.slice(0, 500) ?? null;
      const [after] = await tx
        .update(timesheets)
        .set({
          status: 'approved',
          approvedAt: new Date(),
          approvedBy: actor.userId,
          approvedByName: name,
          approvedIp: origin.ip,
          approvedUserAgent: userAgent,
          updatedAt: new Date(),
        })
        .where(eq(timesheets.id, id))
        .returning();
      const detail = { ip: origin.ip, userAgent, viaMagicLink: Boolean(actor.scope) };
      await recordSheetEvent(
        tx,
        { timesheetId: id, kind: 'approved', actorId: actor.userId, detail },
        { action: 'timesheet.approve', entity: 'timesheet', entityId: id, before, after },
      );
    }),
  );
  return getTimesheet(db, actor, id);
}

/**
 * A supervisor refuses one line of the week (one entry) with a reason: the office sees it on the
 * timesheet and the worker's week, is told at once (an e-mail to the admins who sent the week, in
 * each one's language), and correcting or deleting the line settles it.
 */
export async function rejectTimesheetLine(
  db: Db,
  actor: Actor,
  id: string,
  entryId: string,
  input: TimesheetReject,
): Promise<Timesheet> {
  const { reason } = timesheetRejectSchema.parse(input);
  await sheetFor(db, actor, id, timesheetsPolicy.approve);
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const sheet = await lockOpenSheet(tx, id);
      const [before] = await tx
        .select()
        .from(timeEntries)
        .where(
          and(
            eq(timeEntries.id, entryId),
            eq(timeEntries.siteId, sheet.siteId),
            between(timeEntries.workDate, sheet.weekStart, addDays(sheet.weekStart, 6)),
          ),
        )
        .for('update');
      if (!before) throw notFound('Time entry');
      const [after] = await tx
        .update(timeEntries)
        .set({ rejectedAt: new Date(), rejectedBy: actor.userId, rejectionReason: reason })
        .where(eq(timeEntries.id, entryId))
        .returning();
      const detail = { entryId, employeeId: before.employeeId, workDate: before.workDate, reason };
      const eventId = randomUUID();
      await recordSheetEvent(
        tx,
        { id: eventId, timesheetId: id, kind: 'line_rejected', actorId: actor.userId, detail },
        { action: 'time_entry.reject', entity: 'time_entry', entityId: entryId, before, after },
      );
      await tellOfficeRefused(tx, { timesheetId: id, eventId, entryId, reason, supervisorId: actor.userId });
    }),
  );
  return getTimesheet(db, actor, id);
}
