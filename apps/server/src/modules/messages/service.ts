import type {
  BatchOutcome,
  ComposeParsed,
  Message,
  MessageType,
  Page,
  PendingMessage,
  RefusalReason,
} from '@brigade/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { applicants, conversations, messages, smsOptOuts, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageOffset, rowCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { createMessages, queueRows } from './compose.ts';
import { removeDrafts } from './drafts.ts';
import { messagesPolicy } from './policy.ts';
import {
  authors,
  contactColumns,
  contactJoins,
  messageWithAuthorColumns,
  toContact,
  toMessageWithAuthor,
} from './serialize.ts';

export interface MessageDeps {
  db: Db;
}

const notPending = (ids: string[]) =>
  new AppError('MESSAGE_NOT_PENDING', 'This message has already been sent', { ids });

export async function readMessage(db: Executor, id: string): Promise<Message> {
  const [row] = await db
    .select(messageWithAuthorColumns)
    .from(messages)
    .leftJoin(authors, eq(authors.id, messages.authorId))
    .where(eq(messages.id, id));
  if (!row) throw notFound('Message');
  return toMessageWithAuthor(row);
}

/** Messages with their author and whom each goes to (its conversation's contact), as `toContact` reads it. */
function selectWithContact(db: Db) {
  return db
    .select({ ...messageWithAuthorColumns, contact: contactColumns })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, contactJoins.users)
    .leftJoin(applicants, contactJoins.applicants)
    .leftJoin(smsOptOuts, contactJoins.optOuts)
    .leftJoin(authors, eq(authors.id, messages.authorId));
}

export async function getMessage(db: Db, actor: Actor, id: string): Promise<PendingMessage> {
  authorize(actor, messagesPolicy.read);
  const [row] = await selectWithContact(db).where(eq(messages.id, id));
  if (!row) throw notFound('Message');
  return { ...toMessageWithAuthor(row), contact: toContact(row.contact) };
}

/** The pending messages of a type (its "Pending" tab), oldest first, with whom each goes to. */
export async function listMessages(
  db: Db,
  actor: Actor,
  query: { type?: MessageType; pending: 'true' | 'false'; page: number; pageSize: number },
): Promise<Page<PendingMessage>> {
  authorize(actor, messagesPolicy.read);
  const where = and(
    query.pending === 'true' ? eq(messages.status, 'pending') : ne(messages.status, 'pending'),
    query.type ? eq(messages.type, query.type) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    selectWithContact(db)
      .where(where)
      .orderBy(
        query.pending === 'true' ? asc(messages.createdAt) : sql`${messages.createdAt} desc`,
        asc(messages.id),
      )
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ n: rowCount }).from(messages).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...toMessageWithAuthor(row), contact: toContact(row.contact) })),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

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
async function lockPending(tx: Parameters<Parameters<Db['transaction']>[0]>[0], ids: string[]) {
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

/**
 * POST /send/sms?pending=true: the given pending messages are queued for sending, each to the
 * number it was written for; one that can no longer be texted (archived, opted out since) is
 * refused with the reason and stays pending. A message already sent refuses the whole request.
 */
export async function sendPending(deps: MessageDeps, actor: Actor, ids: string[]): Promise<BatchOutcome> {
  authorize(actor, messagesPolicy.send);
  const outcome = await deps.db.transaction(async (tx) => {
    const rows = await lockPending(tx, ids);
    const people = await tx
      .select({
        conversationId: conversations.id,
        userId: conversations.userId,
        active: users.active,
        name: sql<string | null>`${users.lastName} || ', ' || ${users.firstName}`,
        optedOut: sql<boolean>`${smsOptOuts.phone} is not null`,
      })
      .from(conversations)
      .leftJoin(users, contactJoins.users)
      .leftJoin(applicants, contactJoins.applicants)
      .leftJoin(smsOptOuts, contactJoins.optOuts)
      .where(inArray(conversations.id, [...new Set(rows.map((row) => row.conversationId))]));
    const byConversation = new Map(people.map((person) => [person.conversationId, person]));
    const refused: BatchOutcome['refused'] = [];
    const going: typeof rows = [];
    const optedOut = new Set(
      (
        await tx
          .select({ phone: smsOptOuts.phone })
          .from(smsOptOuts)
          .where(inArray(smsOptOuts.phone, [...new Set(rows.map((row) => row.phone))]))
      ).map((row) => row.phone),
    );
    for (const row of rows) {
      const person = byConversation.get(row.conversationId);
      const reason: RefusalReason | null =
        person?.active === false
          ? 'RECIPIENT_ARCHIVED'
          : optedOut.has(row.phone)
            ? 'RECIPIENT_OPTED_OUT'
            : null;
      if (reason) {
        refused.push({
          userId: person?.userId ?? null,
          messageId: row.id,
          name: person?.name ?? null,
          phone: row.phone,
          reason,
        });
      } else going.push(row);
    }
    if (going.length > 0) {
      await tx
        .update(messages)
        .set({
          status: 'queued',
          queuedAt: sql`now()`,
          updatedAt: sql`now()`,
          authorId: sql`coalesce(${messages.authorId}, ${actor.userId}::uuid)`,
        })
        .where(
          inArray(
            messages.id,
            going.map((row) => row.id),
          ),
        );
      await queueRows(tx, going);
    }
    return { refused, ids: going.map((row) => row.id) };
  });
  const created = await Promise.all(outcome.ids.map((id) => readMessage(deps.db, id)));
  return { created, refused: outcome.refused };
}

export async function send(
  deps: MessageDeps,
  actor: Actor,
  pending: 'true' | 'false',
  messagesToSend: string[] | ComposeParsed,
): Promise<BatchOutcome> {
  if (pending === 'true') {
    if (!Array.isArray(messagesToSend)) {
      throw new AppError('BAD_REQUEST', 'With pending=true, messages are the ids of pending messages');
    }
    return sendPending(deps, actor, messagesToSend);
  }
  if (Array.isArray(messagesToSend)) {
    throw new AppError('BAD_REQUEST', 'Without pending=true, messages is a message to compose');
  }
  return composeAndSend(deps, actor, messagesToSend);
}
