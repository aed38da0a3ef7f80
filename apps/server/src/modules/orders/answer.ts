import type { Assignation, OrderDetail } from '@brigade/shared';
import type { assignationAnswerers } from '@brigade/shared/enums';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { assignations, messages, orders } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { claimReply, markReplyHandled, type ReplyHandler } from '../messages/index.ts';
import { exclusionsFor, lockOpenAssignation, proposeNext } from './assign.ts';
import { type AssignationDeps, recordAssignationEvent } from './assignation-effects.ts';
import { sendNow } from './assignation-messages.ts';
import { answeredText } from './assignation-text.ts';
import { ordersPolicy } from './policy.ts';
import { findOrder } from './read.ts';
import { replyAnswer } from './reply-answer.ts';

type Answer = 'confirmed' | 'declined';
type AssignationAnswerer = (typeof assignationAnswerers)[number];

/**
 * A pending assignation answered — by the worker (their SMS reply, or from the app) or by the office.
 * A confirmation that would double-book the worker (confirmed meanwhile on overlapping days and hours) is refused; a
 * decline frees the place and asks the next-ranked candidate.
 */
export async function settleAssignation(
  tx: Tx,
  id: string,
  answer: Answer,
  by: { kind: AssignationAnswerer; actorId: string | null; replyId?: string },
): Promise<OrderDetail> {
  const row = await lockOpenAssignation(tx, id);
  if (row.status !== 'pending') {
    throw new AppError('ASSIGNATION_CLOSED', 'Already answered', { status: row.status });
  }
  const order = (await findOrder(tx, row.orderId)) as OrderDetail;
  if (answer === 'confirmed') {
    const exclusion = (await exclusionsFor(tx, order, [row.employeeId])).get(row.employeeId);
    if (exclusion?.code === 'booked') {
      const person = order.assignations.find((each) => each.id === id)?.employee;
      throw new AppError('ASSIGNATION_EXCLUDED', 'Confirmed elsewhere at the same time', {
        employeeId: row.employeeId,
        name: person ? `${person.firstName} ${person.lastName}` : '',
        exclusion,
      });
    }
  }
  await tx
    .update(assignations)
    .set({ status: answer, answeredBy: by.kind, answeredAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(assignations.id, id));
  await recordAssignationEvent(tx, {
    actorId: by.actorId,
    action: answer === 'confirmed' ? 'assignation.confirm' : 'assignation.decline',
    orderId: row.orderId,
    assignationId: id,
    employeeId: row.employeeId,
    before: { status: row.status },
    details: { status: answer, answeredBy: by.kind, ...(by.replyId ? { replyId: by.replyId } : {}) },
  });
  if (answer === 'declined') await proposeNext(tx, row.orderId);
  return order;
}

async function readAssignation(deps: AssignationDeps, orderId: string, id: string): Promise<Assignation> {
  const order = (await findOrder(deps.db, orderId)) as OrderDetail;
  const assignation = order.assignations.find((each) => each.id === id);
  if (!assignation) throw notFound('Assignation');
  return assignation;
}

/**
 * POST /assignations/:id/answer: the office answers for the worker (they phoned). From a reply of
 * theirs left to handle (`replyId`), that reply is handled in the same transaction and the worker
 * is texted the answer, as when their reply is read by itself: they wrote, they are told.
 */
export async function answerAssignation(
  deps: AssignationDeps,
  actor: Actor,
  id: string,
  answer: Answer,
  replyId?: string,
): Promise<Assignation> {
  authorize(actor, ordersPolicy.write);
  const order = await deps.db.transaction(async (tx) => {
    const reply = replyId ? await claimReply(tx, replyId) : null;
    const answered = await settleAssignation(tx, id, answer, {
      kind: 'office',
      actorId: actor.userId,
      replyId,
    });
    if (!reply || !replyId) return answered;
    const employeeId = answered.assignations.find((each) => each.id === id)?.employee.id;
    if (reply.userId !== employeeId) {
      throw new AppError('REPLY_OTHER_WORKER', 'This reply is not from the worker of this assignation');
    }
    await markReplyHandled(tx, replyId, reply.conversationId, answer, actor.userId);
    await sendNow(
      tx,
      { userIds: [employeeId] },
      (language) => answeredText(answered, language, answer === 'confirmed'),
      actor.userId,
    );
    return answered;
  });
  return readAssignation(deps, order.id, id);
}

/** POST /assignations/confirm: several at once; those no longer pending are skipped, not refused. */
export async function confirmAssignations(deps: AssignationDeps, actor: Actor, ids: string[]) {
  authorize(actor, ordersPolicy.write);
  const outcome = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: assignations.id, status: assignations.status })
      .from(assignations)
      .where(inArray(assignations.id, ids))
      .orderBy(asc(assignations.id));
    if (rows.length !== new Set(ids).size) throw notFound('Assignation');
    const confirmed: string[] = [];
    const skipped: { id: string; status: (typeof rows)[number]['status'] }[] = [];
    for (const row of rows) {
      if (row.status !== 'pending') {
        skipped.push(row);
        continue;
      }
      await settleAssignation(tx, row.id, 'confirmed', { kind: 'office', actorId: actor.userId });
      confirmed.push(row.id);
    }
    return { confirmed, skipped };
  });
  return outcome;
}

/**
 * The worker's reply in their own words ("Oui merci", "Non désolé", "yes!": `replyAnswer`) answers
 * their oldest open assignation they were asked by SMS (the ask sent, the order not cancelled nor
 * over); they get a short answer in their language. Anything else — a question, a doubt, nothing
 * pending to answer, or an OUI that would double-book them — is left for the office to handle.
 */
export function assignationReplies(): ReplyHandler {
  return async (tx, reply) => {
    const answer = replyAnswer(reply.body);
    if (!answer) return null;
    const [oldest] = await tx
      .select({ id: assignations.id })
      .from(assignations)
      .innerJoin(orders, eq(orders.id, assignations.orderId))
      .innerJoin(messages, eq(messages.id, assignations.messageId))
      .where(
        and(
          eq(assignations.employeeId, reply.userId),
          eq(assignations.status, 'pending'),
          inArray(messages.status, ['queued', 'sent', 'delivered']),
          isNull(orders.cancelledAt),
          gte(orders.endsOn, companyToday()),
        ),
      )
      .orderBy(asc(assignations.createdAt), asc(assignations.id))
      .limit(1);
    if (!oldest) return null;
    // A refused confirmation leaves the reply for a person, and nothing else of this attempt.
    const order = await tx
      .transaction((inner) =>
        settleAssignation(inner as unknown as Tx, oldest.id, answer, { kind: 'sms', actorId: null }),
      )
      .catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
    if (!order) return { handled: false };
    await sendNow(
      tx,
      { userIds: [reply.userId] },
      (language) => answeredText(order, language, answer === 'confirmed'),
      null,
    );
    // What the office's answer for the worker changes, the admins' browsers refresh.
    return { handled: true, replyStatus: answer, sameAs: 'POST /assignations/:id/answer' };
  };
}
