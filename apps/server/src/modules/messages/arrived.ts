import type { MessageEvent } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { readConversation } from './conversations.ts';
import { authors, messageWithAuthorColumns, toMessageWithAuthor } from './serialize.ts';

/**
 * The `new_message` event of a text that arrived (spec §7): its conversation (with its unread
 * count), its type and the message, read in the transaction that wrote it, as it will be committed.
 */
export async function arrivedMessageEvent(tx: Executor, messageId: string): Promise<MessageEvent | null> {
  const [row] = await tx
    .select(messageWithAuthorColumns)
    .from(messages)
    .leftJoin(authors, eq(authors.id, messages.authorId))
    .where(eq(messages.id, messageId));
  if (!row) return null;
  const conversation = await readConversation(tx, row.message.conversationId);
  if (!conversation) return null;
  return { conversation, type: row.message.type, message: toMessageWithAuthor(row) };
}
