import type { AssignInput, Exclusion, OrderDetail } from '@brigade/shared';
import { exclusionOf, rankCandidates } from '@brigade/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { assignations, employees, orders, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { type AssignationDeps, recordAssignationEvent } from './assignation-effects.ts';
import { type AskedWorker, withdrawAsks, writeAsk } from './assignation-messages.ts';
import { loadMatchCandidates, matchOrderOf } from './candidates.ts';
import { ordersPolicy } from './policy.ts';
import { findOrder } from './read.ts';

/**
 * Locks the order for a change of its assignations (two offices assigning at once take turns) and
 * reads it: a cancelled order, or one past its last day (Montréal time), takes nobody any more.
 */
export async function lockOrderForAssignations(tx: Tx, orderId: string): Promise<OrderDetail> {
  const [row] = await tx
    .select({ cancelledAt: orders.cancelledAt, endsOn: orders.endsOn })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!row) throw notFound('Order');
  if (row.cancelledAt) throw new AppError('ORDER_CANCELLED', 'This order is cancelled');
  if (row.endsOn < companyToday()) throw new AppError('ORDER_ENDED', 'This order is over');
  return (await findOrder(tx, orderId)) as OrderDetail;
}

/** The hard rule that leaves each of these workers out of the order, if any. */
export async function exclusionsFor(
  tx: Executor,
  order: OrderDetail,
  employeeIds: string[],
): Promise<Map<string, Exclusion>> {
  const { candidates } = await loadMatchCandidates(tx, order, { withExcluded: true, employeeIds });
  const matchOrder = matchOrderOf(order);
  const found = new Map<string, Exclusion>();
  for (const candidate of candidates) {
    const exclusion = exclusionOf(matchOrder, candidate);
    if (exclusion) found.set(candidate.id, exclusion);
  }
  return found;
}

interface AddOptions {
  actorId: string | null;
  overrideReason?: string | undefined;
  /** The assignation this one replaces (its place is free already). */
  replacesId?: string;
  action?: 'assignation.create' | 'assignation.propose';
}

/**
 * N workers → N pending assignations on a locked order, each with its pending Assignation SMS, all
 * or nothing: every worker exists and is active, none is already on the order, the places suffice,
 * and no hard rule leaves one out unless the office wrote why it overrides it (audited).
 */
export async function addAssignations(
  tx: Tx,
  order: OrderDetail,
  employeeIds: string[],
  options: AddOptions,
): Promise<string[]> {
  const ids = [...new Set(employeeIds)];
  // Locking the workers serializes the double-booking checks of two orders assigning them at once.
  const people = await tx
    .select({ id: users.id, active: users.active, firstName: users.firstName, lastName: users.lastName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(inArray(employees.userId, ids))
    .orderBy(employees.userId)
    .for('update', { of: employees });
  if (people.length !== ids.length) throw notFound('Employee');
  const name = (id: string) => {
    const person = people.find((each) => each.id === id);
    return person ? `${person.firstName} ${person.lastName}` : '';
  };
  const archived = people.find((person) => !person.active);
  if (archived) {
    throw new AppError('ASSIGNATION_EXCLUDED', 'This employee is archived', {
      employeeId: archived.id,
      name: name(archived.id),
      exclusion: { code: 'archived' },
    });
  }
  const already = order.assignations.find(
    (each) => ids.includes(each.employee.id) && (each.status === 'pending' || each.status === 'confirmed'),
  );
  if (already) {
    throw new AppError('ASSIGNATION_EXCLUDED', 'Already on this order', {
      employeeId: already.employee.id,
      name: name(already.employee.id),
      exclusion: { code: 'assigned' },
    });
  }
  const open = order.assignations.filter(
    (each) => (each.status === 'pending' || each.status === 'confirmed') && each.id !== options.replacesId,
  ).length;
  if (open + ids.length > order.workersNeeded) {
    throw new AppError('ORDER_FULL', 'Not that many places', {
      workersNeeded: order.workersNeeded,
      open,
      asked: ids.length,
    });
  }
  const exclusions = await exclusionsFor(tx, order, ids);
  const firstExcluded = ids.find((id) => exclusions.has(id));
  if (firstExcluded && !options.overrideReason) {
    throw new AppError('ASSIGNATION_EXCLUDED', 'A hard rule leaves this employee out', {
      employeeId: firstExcluded,
      name: name(firstExcluded),
      exclusion: exclusions.get(firstExcluded),
    });
  }
  const created: string[] = [];
  for (const employeeId of ids) {
    const exclusion = exclusions.get(employeeId) ?? null;
    const messageId = await writeAsk(tx, order, employeeId, options.actorId);
    const [row] = await tx
      .insert(assignations)
      .values({
        orderId: order.id,
        employeeId,
        status: 'pending',
        messageId,
        replacesId: options.replacesId ?? null,
        overrideReason: exclusion ? (options.overrideReason ?? null) : null,
        createdBy: options.actorId,
      })
      .returning({ id: assignations.id });
    if (!row) throw new Error('assignation not inserted');
    await recordAssignationEvent(tx, {
      actorId: options.actorId,
      action: options.action ?? 'assignation.create',
      orderId: order.id,
      assignationId: row.id,
      employeeId,
      details: {
        status: 'pending',
        messageId,
        ...(options.replacesId ? { replacesId: options.replacesId } : {}),
        ...(exclusion ? { overriddenRule: exclusion, overrideReason: options.overrideReason } : {}),
      },
    });
    created.push(row.id);
  }
  return created;
}

/** POST /orders/:id/assignations. */
export async function assignWorkers(
  deps: AssignationDeps,
  actor: Actor,
  orderId: string,
  input: AssignInput,
) {
  authorize(actor, ordersPolicy.write);
  const created = await deps.db.transaction(async (tx) => {
    const order = await lockOrderForAssignations(tx, orderId);
    return addAssignations(tx, order, input.employeeIds, {
      actorId: actor.userId,
      overrideReason: input.overrideReason,
    });
  });
  const order = (await findOrder(deps.db, orderId)) as OrderDetail;
  return { created: order.assignations.filter((each) => created.includes(each.id)) };
}

/** An open assignation, locked, with its order locked first (the order's lock comes first everywhere). */
export async function lockOpenAssignation(tx: Tx, id: string) {
  const [found] = await tx
    .select({ orderId: assignations.orderId })
    .from(assignations)
    .where(eq(assignations.id, id));
  if (!found) throw notFound('Assignation');
  const [orderRow] = await tx
    .select({ cancelledAt: orders.cancelledAt })
    .from(orders)
    .where(eq(orders.id, found.orderId))
    .for('update');
  const [row] = await tx.select().from(assignations).where(eq(assignations.id, id)).for('update');
  if (!row || !orderRow) throw notFound('Assignation');
  if (row.status !== 'pending' && row.status !== 'confirmed') {
    throw new AppError('ASSIGNATION_CLOSED', 'This assignation is closed', { status: row.status });
  }
  return row;
}

/** An assignation's ask (the worker and the message that asked them), as withdrawAsks and reviseAsks need it. */
export function askOf(assignation: OrderDetail['assignations'][number]): AskedWorker {
  return {
    employeeId: assignation.employee.id,
    messageId: assignation.message?.id ?? null,
    messageStatus: assignation.message?.status ?? null,
    language: assignation.employee.language,
  };
}

/** The ask of one of the order's assignations. */
export function askedWorker(order: OrderDetail, assignationId: string): AskedWorker {
  const assignation = order.assignations.find((each) => each.id === assignationId);
  if (!assignation) throw notFound('Assignation');
  return askOf(assignation);
}

/** POST /assignations/:id/replace: the old one is kept as "replaced", the new worker is asked. */
export async function replaceAssignation(
  deps: AssignationDeps,
  actor: Actor,
  id: string,
  input: { employeeId: string; overrideReason?: string | undefined },
) {
  authorize(actor, ordersPolicy.write);
  const { orderId, createdId } = await deps.db.transaction(async (tx) => {
    const old = await lockOpenAssignation(tx, id);
    const order = await lockOrderForAssignations(tx, old.orderId);
    await tx
      .update(assignations)
      .set({ status: 'replaced', updatedAt: sql`now()` })
      .where(eq(assignations.id, id));
    await withdrawAsks(tx, order, [askedWorker(order, id)], actor.userId);
    await recordAssignationEvent(tx, {
      actorId: actor.userId,
      action: 'assignation.replace',
      orderId: order.id,
      assignationId: id,
      employeeId: old.employeeId,
      before: { status: old.status },
      details: { status: 'replaced', by: input.employeeId },
    });
    const [createdId] = await addAssignations(tx, order, [input.employeeId], {
      actorId: actor.userId,
      overrideReason: input.overrideReason,
      replacesId: id,
    });
    return { orderId: order.id, createdId };
  });
  const order = (await findOrder(deps.db, orderId)) as OrderDetail;
  const created = order.assignations.find((each) => each.id === createdId);
  if (!created) throw notFound('Assignation');
  return created;
}

/**
 * After a decline: the place is free, so the next-ranked candidate who may go (and was never
 * asked for this order) is asked — a pending assignation whose SMS the office reviews and sends.
 */
export async function proposeNext(tx: Tx, orderId: string): Promise<string | null> {
  const order = (await findOrder(tx, orderId)) as OrderDetail;
  if (order.cancelledAt || order.endsOn < companyToday()) return null;
  const open = order.assignations.filter(
    (each) => each.status === 'pending' || each.status === 'confirmed',
  ).length;
  if (open >= order.workersNeeded) return null;
  const everAsked = new Set(order.assignations.map((each) => each.employee.id));
  const { candidates } = await loadMatchCandidates(tx, order, { withExcluded: false });
  const next = rankCandidates(matchOrderOf(order), candidates).find(
    (each) => each.excluded === null && !everAsked.has(each.id),
  );
  if (!next) return null;
  const [id] = await addAssignations(tx, order, [next.id], { actorId: null, action: 'assignation.propose' });
  return id ?? null;
}
