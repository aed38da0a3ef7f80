import type { BatchOutcome, ComposeParsed, Message } from '@brigade/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { createMessages } from './compose.ts';
import { removeDrafts } from './drafts.ts';
import { readMessage } from './pending-read.ts';
import { messagesPolicy } from './policy.ts';

export interface MessageDeps {
  db: Db;
}

const notPending = (ids: string[]) =>
  new AppError('MESSAGE_NOT_PENDING', 'This message has already been sent', { ids });
/**
 * One message per recipient, written in one transaction: pending drafts (POST /messages; a later
 * issue's assignations write them too) or queued at once (POST /send/sms).
 */
async function compose(
  deps: MessageDeps,
  actor: Actor,
  input: ComposeParsed,
  queue: boolean,
): Promise<BatchOutcome> {
  authorize(actor, queue ? messagesPolicy.send : messagesPolicy.write);
  const { created, refused } = await deps.db.transaction((tx) =>
    createMessages(tx, input, { authorId: actor.userId, queue }),
  );
  return { created, refused };
}

export const composePending = (deps: MessageDeps, actor: Actor, input: ComposeParsed) =>
  compose(deps, actor, input, false);
export const composeAndSend = (deps: MessageDeps, actor: Actor, input: ComposeParsed) =>
  compose(deps, actor, input, true);

/** Locks the messages and checks every one is still pending (all or nothing). */
export async function lockPending(tx: Parameters<Parameters<Db['transaction']>[0]>[0], ids: string[]) {
  const rows = await tx
    .select()
    .from(messages)
    .where(inArray(messages.id, ids))
    .orderBy(messages.id)
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound('Message');
  const sent = rows.filter((row) => row.status !== 'pending').map((row) => row.id);
  if (sent.length > 0) throw notPending(sent);
  return rows;
}

export async function updatePending(
  deps: MessageDeps,
  actor: Actor,
  id: string,
  input: { body: string },
): Promise<Message> {
  authorize(actor, messagesPolicy.write);
  await deps.db.transaction(async (tx) => {
    await lockPending(tx, [id]);
    await tx.update(messages).set({ body: input.body, updatedAt: sql`now()` }).where(eq(messages.id, id));
  });
  return readMessage(deps.db, id);
}

/** Deletes pending messages, all or none; each conversation's last message is recomputed. */
export async function deletePending(deps: MessageDeps, actor: Actor, ids: string[]): Promise<void> {
  authorize(actor, messagesPolicy.write);
  await deps.db.transaction(async (tx) => {
    await lockPending(tx, ids);
    await removeDrafts(tx, ids);
  });
}
