import type { DeleteOutcome, TimeEntry, TimeEntryInputParsed, TimesheetStatus } from '@brigade/shared';
import { absenceOn, isBlacklisted, minutesToTime, payWeekStart, timeToMinutes } from '@brigade/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  clients,
  employees,
  sites,
  timeEntries,
  timesheetEvents,
  timesheets,
  users,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { exclusiveTransaction } from '../../lib/exclusive.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { employeeDayOf, employeeDaySql } from '../absences/index.ts';
import { recordAudit } from '../audit/index.ts';
import { supervises } from '../sites/index.ts';
import { tellReopened } from '../timesheets/index.ts';
import { timeEntriesPolicy } from './policy.ts';
import { findTimeEntry, getTimeEntry, toTimeEntry } from './read.ts';

function overlapError(entry?: { id: string; startMinute: number; endMinute: number; siteName: string }) {
  return new AppError(
    'TIME_ENTRY_OVERLAP',
    'The worker already has hours at that time that day',
    entry
      ? {
          entry: {
            id: entry.id,
            startTime: minutesToTime(entry.startMinute),
            endTime: minutesToTime(entry.endMinute),
            siteName: entry.siteName,
          },
        }
      : undefined,
  );
}

/** Whose hours: the one named, or an employee's own. Supervisors and admins must name the worker. */
function workerOf(actor: Actor, input: TimeEntryInputParsed): string {
  if (input.employeeId) return input.employeeId;
  if (actor.role === 'employee') return actor.userId;
  throw fieldError('employeeId', 'required');
}

/**
 * The worker's row (and name, for the answer), locked to the end of the transaction: two writes of
 * one worker's hours are checked and written one after the other.
 */
async function lockWorker(tx: Tx, employeeId: string) {
  const [worker] = await tx
    .select({ active: users.active, firstName: users.firstName, lastName: users.lastName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.userId, employeeId))
    .for('update', { of: employees })
    .limit(1);
  if (!worker) throw fieldError('employeeId', 'not_found');
  return worker;
}
type Worker = Awaited<ReturnType<typeof lockWorker>>;

interface EntryFacts {
  /** The entry already written with this idempotency key, if any. */
  replayedId: string | null;
  site: {
    name: string;
    clientId: string;
    clientName: string;
    archived: boolean;
    clientActive: boolean;
    supervised: boolean;
  } | null;
  /** The worker's absences and blacklists that day (`employeeDaySql`). */
  day: unknown;
  overlap: { id: string; startMinute: number; endMinute: number; siteName: string } | null;
}

/**
 * What the checks of an entry need to know, read in one round trip once the worker is locked (a
 * write is mostly waiting for the database: one query instead of five keeps a worker's phone, and
 * the office at the end of the week, from waiting on each other).
 */
async function entryFacts(
  tx: Tx,
  actor: Actor,
  input: TimeEntryInputParsed,
  employeeId: string,
  ownId: string | null,
): Promise<EntryFacts> {
  const start = timeToMinutes(input.startTime as string);
  const end = timeToMinutes(input.endTime as string);
  const key = input.idempotencyKey;
  const result = await tx.execute(sql`select
    ${
      key
        ? sql`(select ${timeEntries.id} from ${timeEntries}
            where ${timeEntries.employeeId} = ${employeeId} and ${timeEntries.idempotencyKey} = ${key})`
        : sql`null`
    } as "replayedId",
    (select json_build_object('name', ${sites.name}, 'clientId', ${sites.clientId}, 'clientName', ${clients.name},
        'archived', ${sites.archived}, 'clientActive', ${clients.active},
        'supervised', ${supervises(actor.role === 'supervisor' ? actor.userId : null, sites.id)})
      from ${sites} join ${clients} on ${clients.id} = ${sites.clientId}
      where ${sites.id} = ${input.siteId}) as "site",
    ${employeeDaySql(employeeId, input.workDate)} as "day",
    (select json_build_object('id', ${timeEntries.id}, 'startMinute', ${timeEntries.startMinute},
        'endMinute', ${timeEntries.endMinute}, 'siteName', ${sites.name})
      from ${timeEntries} join ${sites} on ${sites.id} = ${timeEntries.siteId}
      where ${timeEntries.employeeId} = ${employeeId} and ${timeEntries.workDate} = ${input.workDate}
        ${ownId ? sql`and ${timeEntries.id} <> ${ownId}` : sql``}
        and int4range(${timeEntries.startMinute}, ${timeEntries.endMinute}) && int4range(${start}, ${end})
      limit 1) as "overlap"`);
  return (result as unknown as { rows: EntryFacts[] }).rows[0] as EntryFacts;
}

/**
 * What the schema cannot know, in the transaction that writes (the worker's row locked): the worker
 * exists and is active; the asking person may log on the site; the day is not in the future nor a
 * day away; the worker is not blacklisted from the site; no other entry of theirs crosses these
 * hours. Answers the site as the entry shows it.
 */
function checkEntry(
  actor: Actor,
  input: TimeEntryInputParsed,
  employeeId: string,
  worker: Worker,
  facts: EntryFacts,
) {
  const { site } = facts;
  if (!site) throw fieldError('siteId', 'not_found');
  authorize(actor, timeEntriesPolicy.write, { employeeId, supervisedSite: site.supervised });
  if (!worker.active) throw new AppError('EMPLOYEE_ARCHIVED', 'This employee is archived');
  if (site.archived || !site.clientActive) {
    throw new AppError('SITE_NOT_ALLOWED', 'This site is no longer active', { reason: 'inactive' });
  }

  if (input.workDate > companyToday()) throw fieldError('workDate', 'future');

  const start = timeToMinutes(input.startTime as string);
  const end = timeToMinutes(input.endTime as string);
  const day = employeeDayOf(facts.day, input.workDate);
  const absence = absenceOn(day.away, input.workDate);
  // Away part of the day: only hours that cross the absence's are refused.
  if (
    absence &&
    (!absence.fromTime ||
      (timeToMinutes(absence.fromTime) < end && start < timeToMinutes(absence.toTime ?? '24:00')))
  ) {
    throw new AppError('EMPLOYEE_ABSENT', 'The worker is away that day', {
      absence: {
        id: absence.absenceId,
        type: absence.type,
        fromTime: absence.fromTime,
        toTime: absence.toTime,
      },
    });
  }
  if (isBlacklisted(day.blacklists, site.clientId, input.siteId, input.workDate)) {
    throw new AppError('SITE_NOT_ALLOWED', 'The worker is blacklisted from this site', {
      reason: 'blacklisted',
    });
  }
  if (facts.overlap) throw overlapError(facts.overlap);
  return site;
}

/**
 * An approved week stays as approved: an employee's or a supervisor's change is refused; an
 * admin's reopens it (back to draft, the approval kept in its events) so that it is approved again.
 */
async function guardApprovedWeek(
  tx: Tx,
  actor: Actor,
  siteId: string,
  workDate: string,
  change: string,
): Promise<TimesheetStatus | null> {
  const [sheet] = await tx
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.siteId, siteId), eq(timesheets.weekStart, payWeekStart(workDate))))
    .for('update');
  if (sheet?.status !== 'approved') return sheet?.status ?? null;
  if (actor.role !== 'admin') {
    throw new AppError('TIMESHEET_APPROVED', "The site's week is approved", { timesheetId: sheet.id });
  }
  await tx
    .update(timesheets)
    .set({
      status: 'draft',
      approvedAt: null,
      approvedBy: null,
      approvedByName: null,
      approvedIp: null,
      approvedUserAgent: null,
      updatedAt: new Date(),
    })
    .where(eq(timesheets.id, sheet.id));
  const [event] = await tx
    .insert(timesheetEvents)
    .values({
      timesheetId: sheet.id,
      kind: 'reopened',
      actorId: actor.userId,
      detail: {
        change,
        previousApproval: {
          at: sheet.approvedAt?.toISOString() ?? null,
          by: sheet.approvedByName,
          ip: sheet.approvedIp,
          userAgent: sheet.approvedUserAgent,
        },
      },
    })
    .returning({ id: timesheetEvents.id });
  // The supervisors who approved it learn it is no longer approved.
  await tellReopened(tx, sheet.id, (event as { id: string }).id);
  return 'draft';
}

function toColumns(input: TimeEntryInputParsed, employeeId: string) {
  return {
    employeeId,
    siteId: input.siteId,
    workDate: input.workDate,
    startMinute: timeToMinutes(input.startTime as string),
    endMinute: timeToMinutes(input.endTime as string),
    breakMinutes: input.breakMinutes,
    parkingCents: Math.round(input.parking * 100),
    comment: input.comment,
  };
}

async function entryById(db: Db, id: string, actor: Actor): Promise<TimeEntry> {
  return (await findTimeEntry(db, id, actor))?.entry as TimeEntry;
}

/**
 * Logs hours. An entry sent again with the same idempotency key (a phone that lost the network
 * before the answer came) answers the entry already written: hours are never counted twice.
 */
export async function createTimeEntry(db: Db, actor: Actor, input: TimeEntryInputParsed): Promise<TimeEntry> {
  const employeeId = workerOf(actor, input);
  const key = input.idempotencyKey;
  const written = await exclusiveTransaction(
    db,
    async (tx) => {
      // Under the worker's lock, a key sent again (even at the same moment) finds the entry the
      // first request wrote.
      const worker = await lockWorker(tx, employeeId);
      const facts = await entryFacts(tx, actor, input, employeeId, null);
      if (facts.replayedId) return { replayedId: facts.replayedId };
      const site = checkEntry(actor, input, employeeId, worker, facts);
      const timesheetStatus = await guardApprovedWeek(
        tx,
        actor,
        input.siteId,
        input.workDate,
        'entry.create',
      );
      const [row] = await tx
        .insert(timeEntries)
        .values({
          ...toColumns(input, employeeId),
          idempotencyKey: key ?? null,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error('time entry not inserted');
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'time_entry.create',
        entity: 'time_entry',
        entityId: row.id,
        after: row,
      });
      // The answer from what the transaction knows: no read after it.
      const entry = toTimeEntry(
        {
          entry: row,
          firstName: worker.firstName,
          lastName: worker.lastName,
          siteName: site.name,
          clientId: site.clientId,
          clientName: site.clientName,
          timesheetStatus,
        },
        [],
      );
      return { entry };
    },
    overlapError,
  );
  // A replay is read like any entry: a key is no way into someone else's hours.
  return written.entry ?? getTimeEntry(db, actor, written.replayedId as string);
}

/** The entry locked for a change, once the asker may change it. */
async function lockEntry(tx: Tx, actor: Actor, id: string) {
  const [before] = await tx
    .select({
      entry: timeEntries,
      supervised: supervises(actor.role === 'supervisor' ? actor.userId : null, timeEntries.siteId),
    })
    .from(timeEntries)
    .where(eq(timeEntries.id, id))
    .for('update', { of: timeEntries });
  if (!before) throw notFound('Time entry');
  authorize(actor, timeEntriesPolicy.write, {
    employeeId: before.entry.employeeId,
    supervisedSite: before.supervised,
  });
  return before.entry;
}

export async function updateTimeEntry(
  db: Db,
  actor: Actor,
  id: string,
  input: TimeEntryInputParsed,
): Promise<TimeEntry> {
  await exclusiveTransaction(
    db,
    async (tx) => {
      const before = await lockEntry(tx, actor, id);
      // The worker of an entry stays its worker.
      if (input.employeeId && input.employeeId !== before.employeeId)
        throw fieldError('employeeId', 'unchangeable');
      const worker = await lockWorker(tx, before.employeeId);
      checkEntry(
        actor,
        input,
        before.employeeId,
        worker,
        await entryFacts(tx, actor, input, before.employeeId, id),
      );
      await guardApprovedWeek(tx, actor, before.siteId, before.workDate, 'entry.update');
      if (before.siteId !== input.siteId || payWeekStart(before.workDate) !== payWeekStart(input.workDate)) {
        await guardApprovedWeek(tx, actor, input.siteId, input.workDate, 'entry.update');
      }
      const [after] = await tx
        .update(timeEntries)
        .set({
          ...toColumns(input, before.employeeId),
          // Changed hours are no longer the hours a supervisor refused.
          rejectedAt: null,
          rejectedBy: null,
          rejectionReason: null,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        })
        .where(eq(timeEntries.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'time_entry.update',
        entity: 'time_entry',
        entityId: id,
        before,
        after,
      });
    },
    overlapError,
  );
  return entryById(db, id, actor);
}

export async function deleteTimeEntry(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  await db.transaction(async (tx) => {
    const before = await lockEntry(tx, actor, id);
    await guardApprovedWeek(tx, actor, before.siteId, before.workDate, 'entry.delete');
    await tx.delete(timeEntries).where(eq(timeEntries.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'time_entry.delete',
      entity: 'time_entry',
      entityId: id,
      before,
    });
  });
  return { outcome: 'deleted' };
}
