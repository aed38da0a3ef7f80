import type { Db, Executor } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';

export interface AssignationDeps {
  db: Db;
}

/**
 * An assignation's event, on its order's timeline: recorded against the order (entity "order"),
 * with the assignation and the worker in `after`, so the timeline is one indexed read.
 */
export function recordAssignationEvent(
  tx: Executor,
  event: {
    actorId: string | null;
    action: `assignation.${string}`;
    orderId: string;
    assignationId: string;
    employeeId: string;
    before?: unknown;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  return recordAudit(tx, {
    actorId: event.actorId,
    action: event.action,
    entity: 'order',
    entityId: event.orderId,
    before: event.before ?? null,
    after: { assignationId: event.assignationId, employeeId: event.employeeId, ...event.details },
  });
}
