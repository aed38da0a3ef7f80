import type { AssignationChangedEvent, AssignationStatus } from '@brigade/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { recordAudit } from '../audit/index.ts';
import { announceMessages } from '../messages/index.ts';

export interface AssignationDeps {
  db: Db;
  realtime: Realtime;
}

/**
 * What a change of assignations tells the admins' browsers once its transaction has committed:
 * the messages it wrote (new_message), those it changed (message_updated) and the assignations
 * that moved (assignation_changed). Collected during the transaction, sent after it.
 */
export class AssignationEffects {
  readonly newMessages: string[] = [];
  readonly changedMessages: string[] = [];
  readonly changes: AssignationChangedEvent[] = [];

  changed(orderId: string, assignationId: string, status: AssignationStatus): void {
    this.changes.push({ orderId, assignationId, status });
  }

  async announce(deps: AssignationDeps): Promise<void> {
    await announceMessages(deps.db, deps.realtime, 'new_message', this.newMessages);
    await announceMessages(deps.db, deps.realtime, 'message_updated', this.changedMessages);
    for (const change of this.changes) deps.realtime.toAdmins('assignation_changed', change);
  }
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
