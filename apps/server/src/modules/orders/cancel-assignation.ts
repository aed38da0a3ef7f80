import type { Assignation, OrderDetail } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import { assignations } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { askedWorker, lockOpenAssignation } from './assign.ts';
import { type AssignationDeps, recordAssignationEvent } from './assignation-effects.ts';
import { withdrawAsks } from './assignation-messages.ts';
import { ordersPolicy } from './policy.ts';
import { findOrder } from './read.ts';

/**
 * POST /assignations/:id/cancel: the office takes a worker off an order. Their ask still pending
 * is deleted; if they were asked already, they are told it is cancelled.
 */
export async function cancelAssignation(
  deps: AssignationDeps,
  actor: Actor,
  id: string,
  reason: string | null,
): Promise<Assignation> {
  authorize(actor, ordersPolicy.write);
  const orderId = await deps.db.transaction(async (tx) => {
    const row = await lockOpenAssignation(tx, id);
    const order = (await findOrder(tx, row.orderId)) as OrderDetail;
    await tx
      .update(assignations)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(assignations.id, id));
    await withdrawAsks(tx, order, [askedWorker(order, id)], actor.userId);
    await recordAssignationEvent(tx, {
      actorId: actor.userId,
      action: 'assignation.cancel',
      orderId: order.id,
      assignationId: id,
      employeeId: row.employeeId,
      before: { status: row.status },
      details: { status: 'cancelled', reason },
    });
    return order.id;
  });
  const order = (await findOrder(deps.db, orderId)) as OrderDetail;
  const assignation = order.assignations.find((each) => each.id === id);
  if (!assignation) throw notFound('Assignation');
  return assignation;
}
