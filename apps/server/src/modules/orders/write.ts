import type { OrderDetail, OrderInputParsed } from '@brigade/shared';
import { defaultUnpaidBreakMinutes, timeToMinutes } from '@brigade/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  assignations,
  clients,
  orderSkills,
  orders,
  orderTools,
  siteSupervisors,
  sites,
  skills,
  tools,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { siteStatusSql } from '../sites/index.ts';
import { askOf } from './assign.ts';
import { type AssignationDeps, AssignationEffects } from './assignation-effects.ts';
import { reviseAsks, withdrawAsks } from './assignation-messages.ts';
import { ordersPolicy } from './policy.ts';
import { findOrder } from './read.ts';
import type { ColumnsOf } from '../../lib/columns.ts';

type FieldProblem = { path: string; message: string };

/**
 * What the schema cannot know: the client is active, the site is one of its live sites (active or
 * upcoming), the supervisor supervises that site, the skills and tools exist, and a start is not in
 * the past (Montréal time) — for an edit, only when the start moves.
 */
async function checkOrder(tx: Tx, input: OrderInputParsed, before: { startsOn: string } | null) {
  const fields: FieldProblem[] = [];
  const today = companyToday();
  const [client] = await tx
    .select({ active: clients.active })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  if (!client) fields.push({ path: 'clientId', message: 'not_found' });
  else if (!client.active) throw new AppError('CLIENT_ARCHIVED', 'This client is archived');
  const [site] = await tx
    .select({ clientId: sites.clientId, status: siteStatusSql(today) })
    .from(sites)
    .where(eq(sites.id, input.siteId));
  if (!site) fields.push({ path: 'siteId', message: 'not_found' });
  else if (site.clientId !== input.clientId) fields.push({ path: 'siteId', message: 'not_of_client' });
  else if (site.status === 'inactive') fields.push({ path: 'siteId', message: 'site_inactive' });
  if (input.supervisorId && site) {
    const [supervises] = await tx
      .select({ id: siteSupervisors.supervisorId })
      .from(siteSupervisors)
      .where(
        and(eq(siteSupervisors.siteId, input.siteId), eq(siteSupervisors.supervisorId, input.supervisorId)),
      );
    if (!supervises) fields.push({ path: 'supervisorId', message: 'invalid_supervisor' });
  }
  const skillIds = input.skills.map((skill) => skill.skillId);
  const knownSkills = new Set(
    (await tx.select({ id: skills.id }).from(skills).where(inArray(skills.id, skillIds))).map(
      (row) => row.id,
    ),
  );
  input.skills.forEach((skill, index) => {
    if (!knownSkills.has(skill.skillId))
      fields.push({ path: `skills.${index}.skillId`, message: 'not_found' });
  });
  const toolIds = [...new Set(input.toolIds)];
  if (toolIds.length) {
    const known = await tx.select({ id: tools.id }).from(tools).where(inArray(tools.id, toolIds));
    if (known.length !== toolIds.length) fields.push({ path: 'toolIds', message: 'not_found' });
  }
  const startMoved = !before || before.startsOn !== input.startsOn;
  if (startMoved && input.startsOn < today) fields.push({ path: 'startsOn', message: 'in_past' });
  if (fields.length) throw new AppError('VALIDATION_FAILED', 'Invalid order', { fields });
}

function toColumns(input: OrderInputParsed) {
  return {
    clientId: input.clientId,
    siteId: input.siteId,
    supervisorId: input.supervisorId ?? null,
    workersNeeded: input.workersNeeded,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    includeWeekends: input.includeWeekends,
    dailyStartMinute: timeToMinutes(input.dailyStart),
    dailyEndMinute: timeToMinutes(input.dailyEnd),
    unpaidBreakMinutes:
      input.unpaidBreakMinutes ??
      defaultUnpaidBreakMinutes(timeToMinutes(input.dailyStart), timeToMinutes(input.dailyEnd)),
    heightMetres: input.heightMetres ?? null,
    priority: input.priority,
    notes: input.notes,
  } satisfies ColumnsOf<OrderInputParsed, 'skills' | 'toolIds' | 'dailyStart' | 'dailyEnd'>;
}

async function writeSkillsAndTools(tx: Tx, orderId: string, input: OrderInputParsed) {
  await tx.delete(orderSkills).where(eq(orderSkills.orderId, orderId));
  await tx.delete(orderTools).where(eq(orderTools.orderId, orderId));
  await tx.insert(orderSkills).values(input.skills.map((skill) => ({ orderId, ...skill })));
  const toolIds = [...new Set(input.toolIds)];
  if (toolIds.length) await tx.insert(orderTools).values(toolIds.map((toolId) => ({ orderId, toolId })));
}

export async function createOrder(db: Db, actor: Actor, input: OrderInputParsed): Promise<OrderDetail> {
  authorize(actor, ordersPolicy.write);
  const id = await db.transaction(async (tx) => {
    await checkOrder(tx, input, null);
    const [row] = await tx
      .insert(orders)
      .values({ ...toColumns(input), createdBy: actor.userId })
      .returning();
    if (!row) throw new Error('order not inserted');
    await writeSkillsAndTools(tx, row.id, input);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'order.create',
      entity: 'order',
      entityId: row.id,
      after: { ...row, skills: input.skills, toolIds: input.toolIds },
    });
    return row.id;
  });
  return (await findOrder(db, id)) as OrderDetail;
}

async function lockOrder(tx: Tx, id: string) {
  const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!before) throw notFound('Order');
  if (before.cancelledAt) throw new AppError('ORDER_CANCELLED', 'This order is cancelled');
  return before;
}

/** What the workers were told: a change of these asks them again or tells them. */
const toldFields = [
  'siteId',
  'startsOn',
  'endsOn',
  'includeWeekends',
  'dailyStartMinute',
  'dailyEndMinute',
] as const;

/** The open assignations' asks, as the messages about them need them. */
function openAsks(order: OrderDetail) {
  return order.assignations.flatMap((each) =>
    each.status === 'pending' || each.status === 'confirmed'
      ? [{ assignationId: each.id, status: each.status, ...askOf(each) }]
      : [],
  );
}

/**
 * Replaces an order. When its site, dates or hours change, the still-pending asks are rewritten and
 * those already asked are told (asked again when their answer is still awaited).
 */
export async function updateOrder(
  deps: AssignationDeps,
  actor: Actor,
  id: string,
  input: OrderInputParsed,
): Promise<OrderDetail> {
  authorize(actor, ordersPolicy.write);
  const effects = new AssignationEffects();
  await deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    await checkOrder(tx, input, before);
    const [after] = await tx
      .update(orders)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await writeSkillsAndTools(tx, id, input);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'order.update',
      entity: 'order',
      entityId: id,
      before,
      after: { ...after, skills: input.skills, toolIds: input.toolIds },
    });
    if (after && toldFields.some((field) => before[field] !== after[field])) {
      const order = (await findOrder(tx, id)) as OrderDetail;
      await reviseAsks(tx, order, openAsks(order), actor.userId, effects);
    }
  });
  await effects.announce(deps);
  return (await findOrder(deps.db, id)) as OrderDetail;
}

/**
 * Cancels the order and its open assignations, in one audited transaction: asks still pending are
 * deleted, workers already asked are told.
 */
export async function cancelOrder(
  deps: AssignationDeps,
  actor: Actor,
  id: string,
  reason: string | null,
): Promise<OrderDetail> {
  authorize(actor, ordersPolicy.write);
  const effects = new AssignationEffects();
  await deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    const order = (await findOrder(tx, id)) as OrderDetail;
    const asks = openAsks(order);
    const now = new Date();
    const [after] = await tx
      .update(orders)
      .set({ cancelledAt: now, cancelledBy: actor.userId, cancelReason: reason, updatedAt: now })
      .where(eq(orders.id, id))
      .returning();
    await tx
      .update(assignations)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(assignations.orderId, id), sql`${assignations.status} in ('pending', 'confirmed')`));
    await withdrawAsks(tx, order, asks, actor.userId, effects);
    for (const ask of asks) effects.changed(id, ask.assignationId, 'cancelled');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'order.cancel',
      entity: 'order',
      entityId: id,
      before,
      after: { ...after, cancelledAssignations: asks.map((ask) => ask.assignationId) },
    });
  });
  await effects.announce(deps);
  return (await findOrder(deps.db, id)) as OrderDetail;
}
