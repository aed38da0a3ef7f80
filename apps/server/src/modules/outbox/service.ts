import type { Language } from '@brigade/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type OutboxRow, outbox } from '../../db/schema/index.ts';
import type { Deliverers } from './drivers.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  language: Language;
  /** The same key enqueued twice (a retried request) sends one message. */
  idempotencyKey: string;
  meta?: Record<string, unknown>;
}

/** Call inside the transaction of the change that causes the message. */
export async function enqueueMessage(db: Executor, message: OutgoingMessage): Promise<void> {
  await db
    .insert(outbox)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      language: message.language,
      idempotencyKey: message.idempotencyKey,
      meta: message.meta ?? null,
    })
    .onConflictDoNothing({ target: outbox.idempotencyKey });
}

export const maxAttempts = 5;
/** A claimed row is invisible to other workers for this long, in case its worker dies mid-delivery. */
const leaseSeconds = 300;

/** 30 s, 2 min, 8 min, 32 min between attempts. */
export function retryDelaySeconds(attempt: number): number {
  return 30 * 4 ** (attempt - 1);
}

/**
 * Claims due messages (SKIP LOCKED, so several processes can run workers) and delivers them.
 * Returns how many were delivered.
 */
export async function deliverDueMessages(db: Executor, deliverers: Deliverers, limit = 20): Promise<number> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed: OutboxRow[] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, due))
    .returning();

  let delivered = 0;
  for (const message of claimed) {
    try {
      const providerId = await deliverers[message.channel](message);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, providerId: providerId ?? null })
        .where(eq(outbox.id, message.id));
      delivered++;
    } catch (error) {
      const failedForGood = message.attempts >= maxAttempts;
      await db
        .update(outbox)
        .set({
          status: failedForGood ? 'failed' : 'pending',
          lastError: String((error as Error)?.message ?? error).slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
        })
        .where(eq(outbox.id, message.id));
    }
  }
  return delivered;
}
