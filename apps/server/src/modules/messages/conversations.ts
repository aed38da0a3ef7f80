import {
  type Conversation,
  type ConversationListParams,
  inboxTypes,
  type MessageType,
  messageTypes,
  type Page,
  searchTerms,
  type Thread,
  type UnseenCounts,
} from '@brigade/shared';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { applicants, conversations, messages, smsOptOuts, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { matchesSearch, pageOffset, rowCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { messagesPolicy } from './policy.ts';
import {
  authors,
  contactColumns,
  contactJoins,
  messageWithAuthorColumns,
  toConversation,
  toMessageWithAuthor,
} from './serialize.ts';

/**
 * Each word must be in the person's search text (names, number, e-mail, phone digits: the users'
 * trigram index finds them) or in the digits of the conversation's number.
 */
function matchesNameOrPhone(db: Executor, query: string | undefined): SQL | undefined {
  const terms = searchTerms(query);
  if (terms.length === 0) return undefined;
  const people = db.select({ id: users.id }).from(users).where(matchesSearch(users.searchText, query));
  const applicantsFound = db
    .select({ id: applicants.id })
    .from(applicants)
    .where(matchesSearch(applicants.searchText, query));
  return or(
    inArray(conversations.userId, people),
    inArray(conversations.applicantId, applicantsFound),
    // The number written to or from (a person's may have changed since; an unknown one has only it).
    and(
      ...terms.map(
        (term) => sql`${conversations.phone} like ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ),
    ),
  );
}

const lastMessage = {
  lastBody: messages.body,
  lastDirection: messages.direction,
  lastStatus: messages.status,
};

/** Conversations with their contact and last message; `where` on conversations/users. */
async function readConversations(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<Conversation[]> {
  const rows = await db
    .select({
      id: conversations.id,
      type: conversations.type,
      unseenCount: conversations.unseenCount,
      toHandleCount: conversations.toHandleCount,
      lastMessageAt: conversations.lastMessageAt,
      ...lastMessage,
      contact: contactColumns,
    })
    .from(conversations)
    .leftJoin(users, contactJoins.users)
    .leftJoin(applicants, contactJoins.applicants)
    .leftJoin(smsOptOuts, contactJoins.optOuts)
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(toConversation);
}

export async function readConversation(db: Executor, id: string): Promise<Conversation | undefined> {
  const [conversation] = await readConversations(db, eq(conversations.id, id), [], 1);
  return conversation;
}

export async function listConversations(
  db: Db,
  actor: Actor,
  query: ConversationListParams,
): Promise<Page<Conversation>> {
  authorize(actor, messagesPolicy.read);
  const where = and(eq(conversations.type, query.type), matchesNameOrPhone(db, query.q));
  const order =
    query.sort === 'unread'
      ? [
          // Unread or with a reply to handle: the expression of conversations_waiting_idx.
          sql`(${conversations.unseenCount} > 0 or ${conversations.toHandleCount} > 0) desc`,
          desc(conversations.lastMessageAt),
          desc(conversations.id),
        ]
      : [desc(conversations.lastMessageAt), desc(conversations.id)];
  const items = await readConversations(
    db,
    where,
    order,
    query.pageSize,
    pageOffset(query.page, query.pageSize),
  );
  // A first page that is not full is the whole list: no need to count it.
  const total =
    query.page === 1 && items.length < query.pageSize
      ? items.length
      : ((await db.select({ n: rowCount }).from(conversations).where(where))[0]?.n ?? 0);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

function checkType(conversation: Conversation | undefined, type: MessageType | undefined): Conversation {
  // A conversation asked for under another type than its own is not found there.
  if (!conversation || (type && conversation.type !== type)) throw notFound('Conversation');
  return conversation;
}

export async function getThread(
  db: Db,
  actor: Actor,
  id: string,
  query: { type?: MessageType; limit: number; offset: number },
): Promise<Thread> {
  authorize(actor, messagesPolicy.read);
  const conversation = checkType(await readConversation(db, id), query.type);
  const [rows, [count]] = await Promise.all([
    db
      .select(messageWithAuthorColumns)
      .from(messages)
      .leftJoin(authors, eq(authors.id, messages.authorId))
      .where(eq(messages.conversationId, id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: rowCount }).from(messages).where(eq(messages.conversationId, id)),
  ]);
  return { conversation, messages: rows.map(toMessageWithAuthor), total: count?.n ?? 0 };
}

/**
 * Inbound messages waiting for the office, by type: unread, or (Assignation) a reply left to handle
 * even once read — the menu's badges. `toHandle`: those replies alone. The Communications total
 * counts the three inbox types.
 */
export async function unseenCounts(db: Executor, type?: MessageType): Promise<UnseenCounts> {
  const ofType = type ? eq(messages.type, type) : undefined;
  const unseen = await db
    .select({ type: messages.type, n: rowCount })
    .from(messages)
    .where(and(eq(messages.direction, 'in'), isNull(messages.seenAt), ofType))
    .groupBy(messages.type);
  const toHandle = await db
    .select({
      type: messages.type,
      n: rowCount,
      seen: sql<number>`(count(*) filter (where ${messages.seenAt} is not null))::int`,
    })
    .from(messages)
    .where(and(eq(messages.replyStatus, 'to_handle'), ofType))
    .groupBy(messages.type);
  const counts = Object.fromEntries(messageTypes.map((each) => [each, 0])) as UnseenCounts['counts'];
  for (const row of unseen) counts[row.type] = row.n;
  for (const row of toHandle) counts[row.type] += row.seen;
  const total = inboxTypes.reduce((sum, each) => sum + counts[each], 0);
  return { counts, total, toHandle: toHandle.reduce((sum, row) => sum + row.n, 0) };
}

export async function getUnseenCounts(db: Db, actor: Actor, type?: MessageType): Promise<UnseenCounts> {
  authorize(actor, messagesPolicy.read);
  return unseenCounts(db, type);
}

/**
 * Opening a conversation marks its inbound messages seen; answers the counts after it. Every
 * admin's badges drop (its change record names the conversations and messages): what one person in the office read, nobody else has to.
 */
export async function markConversationSeen(
  deps: { db: Db },
  actor: Actor,
  id: string,
  type?: MessageType,
): Promise<UnseenCounts> {
  authorize(actor, messagesPolicy.read);
  const { counts } = await deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: conversations.id, type: conversations.type })
      .from(conversations)
      .where(eq(conversations.id, id))
      .for('update');
    if (!conversation || (type && conversation.type !== type)) throw notFound('Conversation');
    await tx
      .update(messages)
      .set({ seenAt: sql`now()` })
      .where(and(eq(messages.conversationId, id), eq(messages.direction, 'in'), isNull(messages.seenAt)));
    await tx.update(conversations).set({ unseenCount: 0 }).where(eq(conversations.id, id));
    return { counts: await unseenCounts(tx) };
  });
  return counts;
}

/**
 * The conversation of one person (or of a number that matches nobody) and one type, created the
 * first time. Safe when two requests race: the unique indexes decide, the loser reads the winner's.
 */
export async function conversationFor(
  db: Executor,
  contact: { userId: string | null; phone: string; applicantId?: string | null },
  type: MessageType,
): Promise<string> {
  const applicantId = contact.userId ? null : (contact.applicantId ?? null);
  const match = contact.userId
    ? and(eq(conversations.userId, contact.userId), eq(conversations.type, type))
    : applicantId
      ? and(eq(conversations.applicantId, applicantId), eq(conversations.type, type))
      : and(
          isNull(conversations.userId),
          isNull(conversations.applicantId),
          eq(conversations.phone, contact.phone),
          eq(conversations.type, type),
        );
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(match).limit(1);
  if (existing) return existing.id;
  await db
    .insert(conversations)
    .values({ type, userId: contact.userId, applicantId, phone: contact.phone })
    .onConflictDoNothing();
  const [created] = await db.select({ id: conversations.id }).from(conversations).where(match).limit(1);
  if (!created) throw new Error('conversation not created');
  return created.id;
}
