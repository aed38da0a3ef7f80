import type { MessageEvent } from '@brigade/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { readConversation } from './conversations.ts';
import { authors, messageWithAuthorColumns, toMessageWithAuthor } from './serialize.ts';

/** `new_message` for a message just written, `message_updated` when its status changed. */
export type MessageEventName = 'new_message' | 'message_updated';

/**
 * Tells the admins' browsers about these messages, once their transaction has committed: each
 * event carries the conversation (with its unread count), its type and the message.
 */
export async function announceMessages(
  db: Executor,
  realtime: Realtime,
  event: MessageEventName,
  messageIds: string[],
): Promise<void> {
  if (messageIds.length === 0) return;
  const rows = await db
    .select(messageWithAuthorColumns)
    .from(messages)
    .leftJoin(authors, eq(authors.id, messages.authorId))
    .where(inArray(messages.id, messageIds));
  const conversations = new Map<string, MessageEvent['conversation'] | undefined>();
  for (const row of rows) {
    const id = row.message.conversationId;
    if (!conversations.has(id)) conversations.set(id, await readConversation(db, id));
    const conversation = conversations.get(id);
    if (!conversation) continue;
    const payload: MessageEvent = { conversation, type: row.message.type, message: toMessageWithAuthor(row) };
    realtime.toAdmins(event, payload);
  }
}
