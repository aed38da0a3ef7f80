import { randomUUID } from 'node:crypto';
import { payWeekStart, type TimesheetStatus } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { timesheets } from '../../db/schema/index.ts';
import { openRefusals } from './approval.ts';
import { recordSheetEvent } from './events.ts';
import { tellReopened } from './reopened.ts';

/** A site's timesheet for a pay week, as the week's writers read it once they hold the week shared. */
export interface WeekSheet {
  id: string;
  status: TimesheetStatus;
  approvedAt: string | null;
  approvedByName: string | null;
  approvedIp: string | null;
  approvedUserAgent: string | null;
}

/**
 * An admin's change of hours in an approved week reopens its timesheet ("reopened", the approval
 * kept in its event, with its audit row) so that it is approved again; the supervisors who approved
 * it are told. Call it in the transaction of the change, the week held shared. `change` names the
 * change (`entry.create`…).
 */
export async function reopenForCorrection(
  tx: Tx,
  actorId: string,
  sheet: WeekSheet,
  change: string,
): Promise<void> {
  const approval = {
    approvedAt: null,
    approvedBy: null,
    approvedByName: null,
    approvedIp: null,
    approvedUserAgent: null,
  };
  const [before] = await tx
    .update(timesheets)
    .set({ status: 'reopened', ...approval, updatedAt: new Date() })
    // Another admin's change may have reopened it meanwhile (both held the week shared): once is enough.
    .where(and(eq(timesheets.id, sheet.id), eq(timesheets.status, 'approved')))
    .returning({ id: timesheets.id });
  if (!before) return;
  const previousApproval = {
    at: sheet.approvedAt ? new Date(sheet.approvedAt).toISOString() : null,
    by: sheet.approvedByName,
    ip: sheet.approvedIp,
    userAgent: sheet.approvedUserAgent,
  };
  const eventId = randomUUID();
  await recordSheetEvent(
    tx,
    { id: eventId, timesheetId: sheet.id, kind: 'reopened', actorId, detail: { change, previousApproval } },
    {
      action: 'timesheet.reopen',
      entity: 'timesheet',
      entityId: sheet.id,
      before: { status: 'approved', ...previousApproval },
      after: { status: 'reopened', change },
    },
  );
  await tellReopened(tx, sheet.id, eventId);
}

/** The refused line as it was before its correction or deletion. */
export interface RefusedLine {
  id: string;
  siteId: string;
  employeeId: string;
  workDate: string;
  minutes: number;
  rejectedAt: Date | string | null;
  rejectionReason: string | null;
}

/**
 * A refused line was just corrected or deleted (`line`, as it was): the refusal is settled, in the
 * week's history. Once none is left open, a sent week goes back to its supervisors, reopened and
 * told, to approve what changed (issue 26, point 1). Call it after the change, in its transaction.
 */
export async function settleRefusedLine(
  tx: Tx,
  actorId: string,
  sheet: WeekSheet | null,
  line: RefusedLine,
  change: 'entry.update' | 'entry.delete',
): Promise<void> {
  if (!line.rejectedAt || !sheet || sheet.status === 'draft') return;
  const detail = {
    change,
    entryId: line.id,
    employeeId: line.employeeId,
    workDate: line.workDate,
    minutes: line.minutes,
    reason: line.rejectionReason,
  };
  await recordSheetEvent(
    tx,
    { timesheetId: sheet.id, kind: 'line_settled', actorId, detail },
    { action: 'timesheet.line_settled', entity: 'timesheet', entityId: sheet.id, after: detail },
  );
  // Two refusals settled at once (two admins, each holding the week shared) would each still see the
  // other's open and neither reopen the week: the sheet's row lines them up, and the second one's
  // count (a new statement) sees the first one's settlement.
  await tx.select({ id: timesheets.id }).from(timesheets).where(eq(timesheets.id, sheet.id)).for('update');
  if ((await openRefusals(tx, line.siteId, payWeekStart(line.workDate))).length > 0) return;
  const reopened = await tx
    .update(timesheets)
    .set({ status: 'reopened', updatedAt: new Date() })
    .where(and(eq(timesheets.id, sheet.id), eq(timesheets.status, 'sent')))
    .returning({ id: timesheets.id });
  if (reopened.length === 0) return;
  const eventId = randomUUID();
  await recordSheetEvent(
    tx,
    { id: eventId, timesheetId: sheet.id, kind: 'reopened', actorId, detail: { change, settled: true } },
    {
      action: 'timesheet.reopen',
      entity: 'timesheet',
      entityId: sheet.id,
      before: { status: 'sent' },
      after: { status: 'reopened', change, settled: true },
    },
  );
  await tellReopened(tx, sheet.id, eventId, 'settled');
}
