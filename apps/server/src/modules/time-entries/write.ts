import { randomUUID } from 'node:crypto';
import type {
  AwayPeriod,
  DeleteOutcome,
  TimeEntry,
  TimeEntryInputParsed,
  TimesheetStatus,
} from '@brigade/shared';
import {
  absenceOn,
  clockTime,
  dayMinutes,
  endsNextDay,
  isBlacklisted,
  minutesToTime,
  payWeekStart,
  shiftDate,
  shiftEndMinute,
  timeToMinutes,
  workedMinutes,
} from '@brigade/shared';
import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import { type Db, preparedQuery, type Tx } from '../../db/client.ts';
import {
  assignations,
  clients,
  employees,
  orders,
  sites,
  type TimeEntryRow,
  timeEntries,
  timeEntrySpan,
  timesheetEvents,
  timesheets,
  users,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { exclusiveTransaction, retryOnDeadlock } from '../../lib/exclusive.ts';
import { type Actor, authorize, boundingSupervisor, may } from '../../lib/policy.ts';
import { employeeDayOf, employeeDaySql } from '../absences/index.ts';
import { auditedInsert, deleteAudited, updateAudited } from '../audit/index.ts';
import { supervises } from '../sites/index.ts';
import { openRefusals, shareWeekSql, tellReopened } from '../timesheets/index.ts';
import { timeEntriesPolicy } from './policy.ts';
import { findTimeEntry, getTimeEntry, toTimeEntry } from './read.ts';
import type { ColumnsOf } from '../../lib/columns.ts';

type OverlappingEntry = {
  id: string;
  workDate: string;
  startMinute: number;
  endMinute: number;
  siteName: string;
};

/** The entry in the way may be of the day before or after (a night shift): its day is named too. */
function overlapError(entry?: OverlappingEntry) {
  return new AppError(
    'TIME_ENTRY_OVERLAP',
    'The worker already has hours at that time',
    entry
      ? {
          entry: {
            id: entry.id,
            workDate: entry.workDate,
            startTime: minutesToTime(entry.startMinute),
            endTime: clockTime(entry.endMinute),
            endsNextDay: endsNextDay(entry.endMinute),
            siteName: entry.siteName,
          },
        }
      : undefined,
  );
}

/** Whose hours: the one named, or an employee's own. Supervisors and admins must name the worker. */
function workerOf(actor: Actor, input: TimeEntryInputParsed): string {
  if (input.employeeId) return input.employeeId;
  if (may(actor, timeEntriesPolicy.ownByDefault)) return actor.userId;
  throw fieldError('employeeId', 'required');
}

const lockWorkerQuery = preparedQuery<
  { active: boolean; firstName: string; lastName: string },
  { employeeId: string; siteId: string; weekStart: string }
>(
  () => sql`select ${users.active} as "active", ${users.firstName} as "firstName", ${users.lastName} as "lastName",
      ${shareWeekSql(sql.placeholder('siteId'), sql.placeholder('weekStart'))} as "weekShared"
    from ${employees} join ${users} on ${users.id} = ${employees.userId}
    where ${employees.userId} = ${sql.placeholder('employeeId')}
    for update of ${employees}`,
);

/**
 * The worker's row (and name, for the answer), locked to the end of the transaction: two writes of
 * one worker's hours are checked and written one after the other. The site's pay week of the hours
 * is held shared in the same statement (`shareWeekSql`): its approval waits for them.
 */
async function lockWorker(tx: Tx, employeeId: string, siteId: string, workDate: string) {
  const [worker] = await lockWorkerQuery(tx, { employeeId, siteId, weekStart: payWeekStart(workDate) });
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
    /** The worker is confirmed on an order of this site that touches the entry's pay week. */
    workerConfirmed: boolean;
  } | null;
  /** The worker's absences and blacklists that day (`employeeDaySql`). */
  day: unknown;
  /** The same, of the next day, for a night shift's hours after midnight (null otherwise). */
  nextDay: unknown;
  overlap: OverlappingEntry | null;
  /** The timesheet of the entry's site and pay week, the week held shared (`guardApprovedWeek`). */
  sheet: WeekSheet | null;
}

const entryFactsQuery = preparedQuery<
  EntryFacts,
  {
    employeeId: string;
    idempotencyKey: string | null;
    siteId: string;
    supervisorId: string | null;
    workDate: string;
    nextDate: string | null;
    weekStart: string;
    ownId: string | null;
    start: number;
    end: number;
  }
>(() => {
  const value = (name: string) => sql.placeholder(name);
  return sql`select
    (select ${timeEntries.id} from ${timeEntries}
      where ${timeEntries.employeeId} = ${value('employeeId')}
        and ${timeEntries.idempotencyKey} = ${value('idempotencyKey')}) as "replayedId",
    (select json_build_object('name', ${sites.name}, 'clientId', ${sites.clientId}, 'clientName', ${clients.name},
        'archived', ${sites.archived}, 'clientActive', ${clients.active},
        'supervised', ${supervises(value('supervisorId'), sites.id)},
        'workerConfirmed', exists (select 1 from ${assignations}
          join ${orders} on ${orders.id} = ${assignations.orderId}
          where ${assignations.employeeId} = ${value('employeeId')} and ${assignations.status} = 'confirmed'
            and ${orders.siteId} = ${sites.id} and ${orders.cancelledAt} is null
            and ${orders.startsOn} <= ${value('weekStart')}::date + 6 and ${orders.endsOn} >= ${value('weekStart')}::date))
      from ${sites} join ${clients} on ${clients.id} = ${sites.clientId}
      where ${sites.id} = ${value('siteId')}) as "site",
    ${employeeDaySql(value('employeeId'), value('workDate'))} as "day",
    ${employeeDaySql(value('employeeId'), value('nextDate'))} as "nextDay",
    (select json_build_object('id', ${timeEntries.id}, 'workDate', ${timeEntries.workDate},
        'startMinute', ${timeEntries.startMinute}, 'endMinute', ${timeEntries.endMinute}, 'siteName', ${sites.name})
      from ${timeEntries} join ${sites} on ${sites.id} = ${timeEntries.siteId}
      -- The entries of the day before (a night shift into this one), the day, and the day after: in
      -- real time, as the exclusion constraint compares them (migration 0013).
      where ${timeEntries.employeeId} = ${value('employeeId')}
        and ${timeEntries.workDate} between ${value('workDate')}::date - 1 and ${value('workDate')}::date + 1
        and ${timeEntries.id} is distinct from ${value('ownId')}
        and ${timeEntrySpan(timeEntries.workDate, timeEntries.startMinute, timeEntries.endMinute)}
          && ${timeEntrySpan(sql`${value('workDate')}::date`, value('start'), value('end'))}
      order by ${timeEntries.workDate}, ${timeEntries.startMinute}
      limit 1) as "overlap",
    (${weekSheetSql(value('siteId'), value('weekStart'))}) as "sheet"`;
});

/**
 * What the checks of an entry need to know, and the week's timesheet, read in one round trip once
 * the worker is locked and the week held (a write is mostly waiting for the database: one query
 * instead of six keeps a worker's phone, and the office at the end of the week, from waiting on each
 * other).
 * One text for every case (a missing key or entry is a null value), prepared once.
 */
async function entryFacts(
  tx: Tx,
  actor: Actor,
  input: TimeEntryInputParsed,
  employeeId: string,
  ownId: string | null,
): Promise<EntryFacts> {
  const { startMinute, endMinute } = toColumns(input, employeeId);
  const [facts] = await entryFactsQuery(tx, {
    employeeId,
    idempotencyKey: input.idempotencyKey ?? null,
    siteId: input.siteId,
    supervisorId: boundingSupervisor(actor),
    workDate: input.workDate,
    nextDate: endMinute > dayMinutes ? shiftDate(input.workDate, 1) : null,
    weekStart: payWeekStart(input.workDate),
    ownId,
    start: startMinute,
    end: endMinute,
  });
  return facts as EntryFacts;
}

/**
 * What the schema cannot know, in the transaction that writes (the worker's row locked): the worker
 * exists and is active; the asking person may log on the site; the day is not in the future nor a
 * day away; the worker is not blacklisted from the site; no other entry of theirs crosses these
 * hours (of that day, or the days either side: night shifts). Answers the site as the entry shows it.
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
  guardOpenPayWeeks(actor, input.workDate);
  // A supervisor logs hours for the workers confirmed on their own site that week, not for anyone
  // who once worked there.
  if (!site.workerConfirmed && !may(actor, timeEntriesPolicy.unconfirmedWorker)) {
    throw new AppError('SITE_NOT_ALLOWED', 'The worker is not confirmed on this site that week', {
      reason: 'not_confirmed',
    });
  }

  const { startMinute: start, endMinute: end } = toColumns(input, employeeId);
  const day = employeeDayOf(facts.day, input.workDate);
  checkAbsence(absenceOn(day.away, input.workDate), start, end, true);
  // A night shift's hours after midnight: away part of the next day (with hours) is refused where
  // they cross; a whole day away is not, the shift being the start day's (its pay, its register).
  if (end > dayMinutes) {
    const nextDate = shiftDate(input.workDate, 1);
    const next = employeeDayOf(facts.nextDay, nextDate);
    checkAbsence(absenceOn(next.away, nextDate), 0, end - dayMinutes, false);
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
 * A worker logs, changes and deletes their own hours of this pay week and the last one; older weeks
 * are the office's (1900-01-01 with 1,000 $ of parking was accepted). The office has no such limit.
 */
function guardOpenPayWeeks(actor: Actor, workDate: string) {
  if (may(actor, timeEntriesPolicy.anyPayWeek)) return;
  const oldestOpen = shiftDate(payWeekStart(companyToday()), -7);
  if (workDate < oldestOpen) {
    throw new AppError('PAY_WEEK_CLOSED', 'Hours before last pay week are entered by the office', {
      oldestOpen,
    });
  }
}

/**
 * Refuses hours from `start` to `end` (minutes after midnight of the absence's day) that a day
 * away covers: away the whole day (`wholeDay` counts, on the day a shift starts), or part of the
 * day with hours that cross these.
 */
function checkAbsence(absence: AwayPeriod | undefined, start: number, end: number, wholeDay: boolean) {
  if (!absence) return;
  const crosses = absence.fromTime
    ? timeToMinutes(absence.fromTime) < end && start < timeToMinutes(absence.toTime ?? '24:00')
    : wholeDay;
  if (!crosses) return;
  throw new AppError('EMPLOYEE_ABSENT', 'The worker is away that day', {
    absence: {
      id: absence.absenceId,
      type: absence.type,
      startsOn: absence.startsOn,
      endsOn: absence.endsOn,
      fromTime: absence.fromTime,
      toTime: absence.toTime,
    },
  });
}

/** A site's timesheet for a pay week, as `guardApprovedWeek` needs it. */
interface WeekSheet {
  id: string;
  status: TimesheetStatus;
  approvedAt: string | null;
  approvedByName: string | null;
  approvedIp: string | null;
  approvedUserAgent: string | null;
}

/**
 * The timesheet of a site and pay week (its Sunday) as one JSON value. Read once the week is held
 * shared (`shareWeekSql`, taken by an earlier statement: this one's snapshot then sees any approval
 * made before), so it stays as read until the transaction ends, but for an admin's reopening.
 */
function weekSheetSql(siteId: string | Placeholder, weekStart: string | Placeholder) {
  return sql`select json_build_object('id', ${timesheets.id}, 'status', ${timesheets.status},
      'approvedAt', ${timesheets.approvedAt}, 'approvedByName', ${timesheets.approvedByName},
      'approvedIp', ${timesheets.approvedIp}, 'approvedUserAgent', ${timesheets.approvedUserAgent})
    from ${timesheets}
    where ${timesheets.siteId} = ${siteId} and ${timesheets.weekStart} = ${weekStart}`;
}

/** A week other than the one the facts read (an entry moved away, or deleted): held shared, then read. */
async function lockWeekSheet(tx: Tx, siteId: string, workDate: string): Promise<WeekSheet | null> {
  const weekStart = payWeekStart(workDate);
  await tx.execute(sql`select ${shareWeekSql(siteId, weekStart)}`);
  const result = await tx.execute(sql`select (${weekSheetSql(siteId, weekStart)}) as "sheet"`);
  return (result as unknown as { rows: { sheet: WeekSheet | null }[] }).rows[0]?.sheet ?? null;
}

/**
 * An approved week stays as approved: an employee's or a supervisor's change is refused; an
 * admin's reopens it ("reopened", the approval kept in its events) so that it is approved again.
 * `sheet` is the week's timesheet (or none yet), read once the caller held the week shared.
 */
async function guardApprovedWeek(
  tx: Tx,
  actor: Actor,
  sheet: WeekSheet | null,
  change: string,
): Promise<TimesheetStatus | null> {
  if (sheet?.status !== 'approved') return sheet?.status ?? null;
  if (!may(actor, timeEntriesPolicy.approvedWeek)) {
    throw new AppError('TIMESHEET_APPROVED', "The site's week is approved", { timesheetId: sheet.id });
  }
  const reopened = await tx
    .update(timesheets)
    .set({
      status: 'reopened',
      approvedAt: null,
      approvedBy: null,
      approvedByName: null,
      approvedIp: null,
      approvedUserAgent: null,
      updatedAt: new Date(),
    })
    // Another admin's change may have reopened it meanwhile (both held the week shared): once is enough.
    .where(and(eq(timesheets.id, sheet.id), eq(timesheets.status, 'approved')))
    .returning({ id: timesheets.id });
  if (reopened.length === 0) return 'reopened';
  const [event] = await tx
    .insert(timesheetEvents)
    .values({
      timesheetId: sheet.id,
      kind: 'reopened',
      actorId: actor.userId,
      detail: {
        change,
        previousApproval: {
          at: sheet.approvedAt ? new Date(sheet.approvedAt).toISOString() : null,
          by: sheet.approvedByName,
          ip: sheet.approvedIp,
          userAgent: sheet.approvedUserAgent,
        },
      },
    })
    .returning({ id: timesheetEvents.id });
  // The supervisors who approved it learn it is no longer approved.
  await tellReopened(tx, sheet.id, (event as { id: string }).id);
  return 'reopened';
}

/**
 * A refused line was just corrected or deleted (`before`, as it was): the refusal is settled, in
 * the week's history. Once none is left open, a sent week goes back to its supervisors, reopened and
 * told, to approve what changed (issue 26, point 1). Call it after the change, in its transaction.
 */
async function settleRefusal(
  tx: Tx,
  actor: Actor,
  sheet: WeekSheet | null,
  before: TimeEntryRow,
  change: 'entry.update' | 'entry.delete',
): Promise<void> {
  if (!before.rejectedAt || !sheet || sheet.status === 'draft') return;
  const detail = {
    change,
    entryId: before.id,
    employeeId: before.employeeId,
    workDate: before.workDate,
    minutes: before.minutes,
    reason: before.rejectionReason,
  };
  await tx
    .insert(timesheetEvents)
    .values({ timesheetId: sheet.id, kind: 'line_settled', actorId: actor.userId, detail });
  // Two refusals settled at once (two admins, each holding the week shared) would each still see the
  // other's open and neither reopen the week: the sheet's row lines them up, and the second one's
  // count (a new statement) sees the first one's settlement.
  await tx.select({ id: timesheets.id }).from(timesheets).where(eq(timesheets.id, sheet.id)).for('update');
  const week = payWeekStart(before.workDate);
  if ((await openRefusals(tx, before.siteId, week)).length > 0) return;
  const reopened = await tx
    .update(timesheets)
    .set({ status: 'reopened', updatedAt: new Date() })
    .where(and(eq(timesheets.id, sheet.id), eq(timesheets.status, 'sent')))
    .returning({ id: timesheets.id });
  if (reopened.length === 0) return;
  const [event] = await tx
    .insert(timesheetEvents)
    .values({
      timesheetId: sheet.id,
      kind: 'reopened',
      actorId: actor.userId,
      detail: { change, settled: true },
    })
    .returning({ id: timesheetEvents.id });
  await tellReopened(tx, sheet.id, (event as { id: string }).id, 'settled');
}

/** The row's columns: an end before the start (or 00:00) is on the next day, past 1440. */
function toColumns(input: TimeEntryInputParsed, employeeId: string) {
  return {
    employeeId,
    siteId: input.siteId,
    workDate: input.workDate,
    startMinute: timeToMinutes(input.startTime as string),
    endMinute: shiftEndMinute(input.startTime as string, input.endTime as string),
    breakMinutes: input.breakMinutes,
    parkingCents: Math.round(input.parking * 100),
    comment: input.comment,
  } satisfies ColumnsOf<
    TimeEntryInputParsed,
    // The worker is `employeeId` (the caller's own when left out); the key is kept in audit rows.
    'employeeId' | 'startTime' | 'endTime' | 'parking' | 'idempotencyKey'
  >;
}

async function entryById(db: Db, id: string, actor: Actor): Promise<TimeEntry> {
  return (await findTimeEntry(db, id, actor))?.entry as TimeEntry;
}

const insertAudited = auditedInsert<TimeEntryRow>(timeEntries, 'time_entry.create', 'time_entry');

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
      const worker = await lockWorker(tx, employeeId, input.siteId, input.workDate);
      const facts = await entryFacts(tx, actor, input, employeeId, null);
      if (facts.replayedId) return { replayedId: facts.replayedId };
      const site = checkEntry(actor, input, employeeId, worker, facts);
      const timesheetStatus = await guardApprovedWeek(tx, actor, facts.sheet, 'entry.create');
      // The whole row is known before it is written (id and times made here), so the entry and its
      // audit row go in one statement.
      const now = new Date();
      const columns = toColumns(input, employeeId);
      const row: TimeEntryRow = {
        id: randomUUID(),
        ...columns,
        // The database computes the same (a generated column, `time_entry_minutes`): the answer
        // needs it now. Real time: a night the clocks change is an hour longer or shorter.
        minutes: workedMinutes(columns),
        idempotencyKey: key ?? null,
        rejectedAt: null,
        rejectedBy: null,
        rejectionReason: null,
        createdBy: actor.userId,
        createdAt: now,
        updatedBy: actor.userId,
        updatedAt: now,
      };
      await insertAudited(tx, actor.userId, row);
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
      supervised: supervises(boundingSupervisor(actor), timeEntries.siteId),
    })
    .from(timeEntries)
    .where(eq(timeEntries.id, id))
    .for('update', { of: timeEntries });
  if (!before) throw notFound('Time entry');
  authorize(actor, timeEntriesPolicy.write, {
    employeeId: before.entry.employeeId,
    supervisedSite: before.supervised,
  });
  guardOpenPayWeeks(actor, before.entry.workDate);
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
      const worker = await lockWorker(tx, before.employeeId, input.siteId, input.workDate);
      const facts = await entryFacts(tx, actor, input, before.employeeId, id);
      checkEntry(actor, input, before.employeeId, worker, facts);
      // Moved to another site or pay week: the week it leaves is guarded too.
      const moved =
        before.siteId !== input.siteId || payWeekStart(before.workDate) !== payWeekStart(input.workDate);
      const left = moved ? await lockWeekSheet(tx, before.siteId, before.workDate) : facts.sheet;
      if (moved) await guardApprovedWeek(tx, actor, left, 'entry.update');
      await guardApprovedWeek(tx, actor, facts.sheet, 'entry.update');
      await updateAudited(
        tx,
        timeEntries,
        { actorId: actor.userId, entity: 'time_entry', before },
        {
          ...toColumns(input, before.employeeId),
          // Changed hours are no longer the hours a supervisor refused.
          rejectedAt: null,
          rejectedBy: null,
          rejectionReason: null,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        },
      );
      await settleRefusal(tx, actor, left, before, 'entry.update');
    },
    overlapError,
  );
  return entryById(db, id, actor);
}

export async function deleteTimeEntry(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const before = await lockEntry(tx, actor, id);
      const sheet = await lockWeekSheet(tx, before.siteId, before.workDate);
      await guardApprovedWeek(tx, actor, sheet, 'entry.delete');
      await deleteAudited(tx, timeEntries, { actorId: actor.userId, entity: 'time_entry', before });
      await settleRefusal(tx, actor, sheet, before, 'entry.delete');
    }),
  );
  return { outcome: 'deleted' };
}
