import type { TimelineEvent } from '@brigade/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, orders, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { ordersPolicy } from './policy.ts';

const actors = alias(users, 'actors');
const workers = alias(users, 'workers');

/** What each event says beyond its action (never the whole record: the audit log keeps that). */
function detailsOf(action: string, after: Record<string, unknown> | null): Record<string, unknown> {
  if (!after) return {};
  if (action === 'order.cancel') return { reason: after.cancelReason ?? null };
  if (!action.startsWith('assignation.')) return {};
  const { assignationId, status, answeredBy, reason, overrideReason, overriddenRule, by } = after;
  return Object.fromEntries(
    Object.entries({ assignationId, status, answeredBy, reason, overrideReason, overriddenRule, by }).filter(
      ([, value]) => value !== undefined && value !== null,
    ),
  );
}

/**
 * GET /orders/:id/timeline: the order's history, oldest first, read from the audit log (the order
 * and its assignations are recorded against the order): who did what, when, about which worker.
 */
export async function orderTimeline(
  db: Db,
  actor: Actor,
  orderId: string,
): Promise<{ items: TimelineEvent[] }> {
  authorize(actor, ordersPolicy.read);
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      after: auditLog.after,
      actorId: actors.id,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      workerId: workers.id,
      workerFirstName: workers.firstName,
      workerLastName: workers.lastName,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(workers, sql`${workers.id} = (${auditLog.after} ->> 'employeeId')::uuid`)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action,
      actor: row.actorId
        ? { id: row.actorId, firstName: row.actorFirstName ?? '', lastName: row.actorLastName ?? '' }
        : null,
      employee: row.workerId
        ? { id: row.workerId, firstName: row.workerFirstName ?? '', lastName: row.workerLastName ?? '' }
        : null,
      details: detailsOf(row.action, row.after as Record<string, unknown> | null),
    })),
  };
}
