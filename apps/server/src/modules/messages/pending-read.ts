import type { Message, MessageType, Page, PendingMessage } from '@brigade/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { applicants, conversations, messages, smsOptOuts, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOffset, rowCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { messagesPolicy } from './policy.ts';
import {
  authors,
  contactColumns,
  contactJoins,
  messageWithAuthorColumns,
  toContact,
  toMessageWithAuthor,
} from './serialize.ts';

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
