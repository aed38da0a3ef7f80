import type { Language } from '@brigade/shared';
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type OutboxRow, outbox, privacyOfficer, smsSendSlots } from '../../db/schema/index.ts';
import { currentChange } from '../../lib/changes.ts';
import type { Deliverers } from './drivers.ts';
import { privacyFooter } from './templates.ts';

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

/**
 * The same for many at once (a batch of SMS): one statement. The write's change record notes them:
 * once it commits, this process's outbox worker is woken rather than waiting for its next poll.
 */
export async function enqueueMessages(db: Executor, list: OutgoingMessage[]): Promise<void> {
  if (list.length === 0) return;
  currentChange()?.queued(list.length);
  // Every e-mail names the person in charge of personal information (Law 25), as named when it is written.
  const [officer] = list.some((message) => message.channel === 'email')
    ? await db.select().from(privacyOfficer).limit(1)
    : [];
  await db
    .insert(outbox)
    .values(
      list.map((message) => ({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body:
          message.channel === 'email'
            ? message.body + privacyFooter(message.language, officer)
            : message.body,
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
  /** SMS per second through one sender number, across every process (the provider's rate); none when absent. */
  smsPerSecond?: number;
  /** The sender number the rate is kept for. */
  smsSender?: string;
  /**
   * How often the worker calls. A call waits for the sender's next SMS slot only within this
   * interval, and a sender behind its schedule by up to this long may catch up (a short burst).
   */
  pollMs?: number;
  /** Aborted: no further message is claimed (the one in the provider's hands is finished). */
  signal?: AbortSignal;
  onOutcome?: OutcomeListener;
}

/**
 * Delivers due messages, claiming each one just before its provider call (SKIP LOCKED, so several
 * processes can run workers), SMS paced at the sender's rate. Returns how many were claimed.
 *
 * A message is sent at most once: it is marked `sending` before the provider is called, and a
 * worker that dies meanwhile leaves it to be marked failed (see leaseSeconds), not resent. Since
 * only the message in the provider's hands is `sending`, it is the only one left uncertain; the
 * others are still `pending`, for any worker. A clean stop waits for the delivery in flight
 * (plugins/outbox-worker.ts), so nothing is lost either.
 */
export async function deliverDueMessages(
  db: Db,
  deliverers: Deliverers,
  options: DeliveryOptions = {},
): Promise<number> {
  const { pollMs = 1000, signal, onOutcome } = options;
  await failInterrupted(db, onOutcome);
  const windowEnd = Date.now() + pollMs;
  let claimed = 0;
  while (!signal?.aborted) {
    const next = await claimNext(db, options);
    if ('message' in next) {
      claimed++;
      await deliver(db, deliverers, next.message, onOutcome);
      continue;
    }
    // Nothing due, or SMS due but the sender's next slot is past this call's interval: the next call's.
    if (next.smsSlotInMs === undefined || Date.now() + next.smsSlotInMs > windowEnd) break;
    await pause(next.smsSlotInMs, signal);
  }
  return claimed;
}

async function deliver(db: Db, deliverers: Deliverers, message: OutboxRow, onOutcome?: OutcomeListener) {
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

/** Resolves after `ms`, or at once when the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
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

/**
 * Marks the next due message `sending` and returns it; an SMS only when the sender's slot has come.
 * Otherwise `smsSlotInMs`: SMS are due and the slot comes in that many milliseconds.
 */
async function claimNext(
  db: Db,
  options: DeliveryOptions,
): Promise<{ message: OutboxRow } | { smsSlotInMs?: number }> {
  const { smsPerSecond, smsSender = 'default', pollMs = 1000 } = options;
  return db.transaction(async (tx) => {
    let smsSlotInMs = 0;
    if (smsPerSecond !== undefined) {
      // The sender's slot row is locked while one SMS takes it: two workers never take the same.
      await tx.insert(smsSendSlots).values({ sender: smsSender }).onConflictDoNothing();
      const [slot] = await tx
        .select({ inMs: sql<number>`extract(epoch from ${smsSendSlots.nextSlotAt} - now()) * 1000` })
        .from(smsSendSlots)
        .where(eq(smsSendSlots.sender, smsSender))
        .for('update');
      smsSlotInMs = Number(slot?.inMs ?? 0);
    }
    const smsFree = smsSlotInMs <= 0;
    const due = (channel: SQL | undefined) =>
      tx
        .select({ id: outbox.id, channel: outbox.channel })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), channel, lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(outbox.nextAttemptAt, outbox.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
    const [next] = await due(smsFree ? undefined : eq(outbox.channel, 'email'));
    if (!next) {
      if (smsFree) return {};
      const [sms] = await due(eq(outbox.channel, 'sms'));
      return sms ? { smsSlotInMs } : {};
    }
    if (next.channel === 'sms' && smsPerSecond !== undefined) {
      // The next slot is one interval after this one, kept on schedule when the sender is a
      // little behind (so the rate is met on average), but never banked for more than a poll.
      const catchUp = sql`now() - make_interval(secs => ${pollMs / 1000})`;
      await tx
        .update(smsSendSlots)
        .set({
          nextSlotAt: sql`greatest(${smsSendSlots.nextSlotAt}, ${catchUp}) + make_interval(secs => ${1 / smsPerSecond})`,
        })
        .where(eq(smsSendSlots.sender, smsSender));
    }
    const [message] = await tx
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(eq(outbox.id, next.id))
      .returning();
    return message ? { message } : {};
  });
}
