import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';

/**
 * Pending messages changed by what they were written for (an assignation cancelled, its order's
 * dates moved), in the caller's transaction. Only those still pending are touched: one the office
 * has sent in the meantime stays as it was sent.
 */

/** Deletes the still-pending ones; each conversation's last message is recomputed. Answers the ids deleted. */
export async function removeDrafts(tx: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await tx
    .delete(messages)
    .where(and(inArray(messages.id, ids), eq(messages.status, 'pending')))
    .returning({ id: messages.id, conversationId: messages.conversationId });
  const touched = [...new Set(removed.map((row) => row.conversationId))];
  if (touched.length === 0) return [];
  await tx.execute(sql`
    update ${conversations} as c set
      last_message_id = last.id,
      last_message_at = coalesce(last.created_at, c.created_at)
    from ${conversations} as target
    left join lateral (
      select m.id, m.created_at from ${messages} as m
      where m.conversation_id = target.id order by m.created_at desc, m.id desc limit 1
    ) as last on true
    where c.id = target.id and c.id in (${sql.join(
      touched.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return removed.map((row) => row.id);
}

/** Rewrites the still-pending ones; answers the ids rewritten. */
export async function rewriteDrafts(tx: Executor, drafts: { id: string; body: string }[]): Promise<string[]> {
  const rewritten: string[] = [];
  for (const draft of drafts) {
    const [row] = await tx
      .update(messages)
      .set({ body: draft.body, updatedAt: sql`now()` })
      .where(and(eq(messages.id, draft.id), eq(messages.status, 'pending')))
      .returning({ id: messages.id });
    if (row) rewritten.push(row.id);
  }
  return rewritten;
}
