import type { Message } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { readMessage } from './pending-read.ts';
import { messagesPolicy } from './policy.ts';

/**
 * A worker's reply left for the office ("réponse à traiter"), locked for its handling: whose
 * conversation it is in. Refused when it is not, or no longer, one to handle (someone in the
 * office handled it meanwhile: REPLY_NOT_TO_HANDLE, with what became of it).
 */
export async function claimReply(
  tx: Executor,
  id: string,
): Promise<{ conversationId: string; userId: string | null }> {
  const [row] = await tx
    .select({
      direction: messages.direction,
      replyStatus: messages.replyStatus,
      conversationId: messages.conversationId,
      userId: conversations.userId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, id))
    .for('update', { of: messages });
  if (row?.direction !== 'in') throw notFound('Message');
  if (row.replyStatus !== 'to_handle') {
    throw new AppError('REPLY_NOT_TO_HANDLE', 'This reply is not waiting for the office', {
      replyStatus: row.replyStatus,
    });
  }
  return { conversationId: row.conversationId, userId: row.userId };
}

/**
 * A claimed reply handled by someone in the office: confirmed or declined from it, or dismissed
 * (nothing to do). It is seen too, and its conversation counts one fewer to handle.
 */
export async function markReplyHandled(
  tx: Executor,
  id: string,
  conversationId: string,
  status: 'confirmed' | 'declined' | 'dismissed',
  actorId: string,
): Promise<void> {
  const [before] = await tx.select({ seenAt: messages.seenAt }).from(messages).where(eq(messages.id, id));
  await tx
    .update(messages)
    .set({
      replyStatus: status,
      replyHandledBy: actorId,
      replyHandledAt: sql`now()`,
      seenAt: sql`coalesce(${messages.seenAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(messages.id, id));
  await tx
    .update(conversations)
    .set({
      toHandleCount: sql`${conversations.toHandleCount} - 1`,
      unseenCount: before?.seenAt
        ? conversations.unseenCount
        : sql`greatest(${conversations.unseenCount} - 1, 0)`,
    })
    .where(eq(conversations.id, conversationId));
}

/**
 * POST /messages/:id/dismiss: the office read the reply and there is nothing to do (a "Merci!"
 * after a confirmation, a question answered by phone). Every admin's badge drops.
 */
export async function dismissReply(deps: { db: Db }, actor: Actor, id: string): Promise<Message> {
  authorize(actor, messagesPolicy.write);
  await deps.db.transaction(async (tx) => {
    const reply = await claimReply(tx, id);
    await markReplyHandled(tx, id, reply.conversationId, 'dismissed', actor.userId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'message.dismiss',
      entity: 'message',
      entityId: id,
      before: { replyStatus: 'to_handle' },
      after: { replyStatus: 'dismissed' },
    });
  });
  return readMessage(deps.db, id);
}
