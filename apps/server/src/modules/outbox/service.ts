import type { Language } from '@brigade/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type OutboxRow, outbox, smsSendSlots } from '../../db/schema/index.ts';
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
  await enqueueMessages(db, [message]);
}

/** The same for many at once (a batch of SMS): one statement. */
export async function enqueueMessages(db: Executor, list: OutgoingMessage[]): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(outbox)
    .values(
      list.map((message) => ({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        language: message.language,
        idempotencyKey: message.idempotencyKey,
        meta: message.meta ?? null,
      })),
    )
    .onConflictDoNothing({ target: outbox.idempotencyKey });
}

export const maxAttempts = 5;
/**
 * A claimed row stays `sending` this long at most. Past it, its worker died while the provider had
 * it: whether it left is unknown, so it is marked failed (for a person to check), never sent again.
 */
const leaseSeconds = 300;
export const interruptedError =
  'Interrupted while sending: it may or may not have left. Check before sending it again.';

/** 30 s, 2 min, 8 min, 32 min between attempts. */
export function retryDelaySeconds(attempt: number): number {
  return 30 * 4 ** (attempt - 1);
}

/** What became of one delivery attempt, for whoever follows the message (SMS conversations). */
export type DeliveryOutcome =
  | { kind: 'sent'; providerId: string | null }
  /** `final`: no attempt is left (or the send was interrupted); otherwise it is retried later. */
  | { kind: 'failed'; error: string; final: boolean };
export type OutcomeListener = (db: Db, message: OutboxRow, outcome: DeliveryOutcome) => Promise<void>;

export interface DeliveryOptions {
  /** Most messages claimed per call. */
  limit?: number;
  /** SMS per second through one sender number, across every process (the provider's rate); none when absent. */
  smsPerSecond?: number;
  /** The sender number the rate is kept for. */
  smsSender?: string;
  /** How often the worker calls: a call claims up to this interval's share of the SMS rate. */
  pollMs?: number;
  onOutcome?: OutcomeListener;
}

/**
 * Claims due messages (SKIP LOCKED, so several processes can run workers) and delivers them.
 * Returns how many were claimed.
 *
 * A message is sent at most once: it is marked `sending` before the provider is called, and a
 * worker that dies meanwhile leaves it to be marked failed (see leaseSeconds), not resent. A clean
 * stop waits for the deliveries in flight (plugins/outbox-worker.ts), so nothing is lost either.
 */
export async function deliverDueMessages(
  db: Db,
  deliverers: Deliverers,
  options: DeliveryOptions = {},
): Promise<number> {
  const { limit = 20, onOutcome } = options;
  await failInterrupted(db, onOutcome);
  const claimed = await claimDue(db, limit, options);
  for (const message of claimed) {
    let outcome: DeliveryOutcome;
    try {
      const providerId = (await deliverers[message.channel](message)) ?? null;
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, providerId })
        .where(eq(outbox.id, message.id));
      outcome = { kind: 'sent', providerId };
    } catch (error) {
      const final = message.attempts >= maxAttempts;
      const reason = String((error as Error)?.message ?? error).slice(0, 1000);
      await db
        .update(outbox)
        .set({
          status: final ? 'failed' : 'pending',
          lastError: reason,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
        })
        .where(eq(outbox.id, message.id));
      outcome = { kind: 'failed', error: reason, final };
    }
    await onOutcome?.(db, message, outcome);
  }
  return claimed.length;
}

async function failInterrupted(db: Db, onOutcome: OutcomeListener | undefined) {
  const interrupted = await db
    .update(outbox)
    .set({ status: 'failed', lastError: interruptedError })
    .where(and(eq(outbox.status, 'sending'), lte(outbox.nextAttemptAt, sql`now()`)))
    .returning();
  for (const message of interrupted) {
    await onOutcome?.(db, message, { kind: 'failed', error: interruptedError, final: true });
  }
}

/** Marks up to `limit` due messages `sending` and returns them; SMS within the sender's rate. */
async function claimDue(db: Db, limit: number, options: DeliveryOptions): Promise<OutboxRow[]> {
  const { smsPerSecond, smsSender = 'default', pollMs = 1000 } = options;
  return db.transaction(async (tx) => {
    let smsShare = limit;
    if (smsPerSecond !== undefined) {
      // The sender's slot row is locked while its share is reserved: two workers never take the same.
      await tx.insert(smsSendSlots).values({ sender: smsSender }).onConflictDoNothing();
      const [slot] = await tx
        .select({ free: sql<boolean>`${smsSendSlots.nextSlotAt} <= now()` })
        .from(smsSendSlots)
        .where(eq(smsSendSlots.sender, smsSender))
        .for('update');
      smsShare = slot?.free ? Math.min(limit, Math.max(1, Math.floor((smsPerSecond * pollMs) / 1000))) : 0;
    }
    const due = (channel: 'email' | 'sms', count: number) =>
      tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            eq(outbox.channel, channel),
            lte(outbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(outbox.nextAttemptAt, outbox.createdAt)
        .limit(count)
        .for('update', { skipLocked: true });
    const mail = await due('email', limit);
    const sms = smsShare > 0 ? await due('sms', smsShare) : [];
    const ids = [...mail, ...sms].map((row) => row.id);
    if (ids.length === 0) return [];
    if (sms.length > 0 && smsPerSecond !== undefined) {
      await tx
        .update(smsSendSlots)
        .set({ nextSlotAt: sql`now() + make_interval(secs => ${sms.length / smsPerSecond})` })
        .where(eq(smsSendSlots.sender, smsSender));
    }
    return tx
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(inArray(outbox.id, ids))
      .returning();
  });
}
