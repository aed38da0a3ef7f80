import type { Executor } from '../../db/client.ts';
import { timesheetEvents } from '../../db/schema/index.ts';
import { type AuditEntry, recordAudit } from '../audit/index.ts';

type SheetEvent = typeof timesheetEvents.$inferInsert & { actorId: string };

/**
 * What happens to a timesheet leaves two traces, written in the transaction of the change: its
 * event (the history the timesheet's page shows) and the audit row (by the same actor).
 */
export async function recordSheetEvent(
  tx: Executor,
  event: SheetEvent,
  audit: Omit<AuditEntry, 'actorId'>,
): Promise<void> {
  await tx.insert(timesheetEvents).values(event);
  await recordAudit(tx, { actorId: event.actorId, ...audit });
}
