import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, language, uuidPrimaryKey } from './columns.ts';

/**
 * E-mails and SMS waiting to be delivered. A row is written in the same transaction as the change
 * that causes it; the outbox worker delivers it with retries.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuidPrimaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    language: language(),
    /** Makes a retried business operation enqueue the message only once. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** pending → sending (claimed by a worker, in the provider's hands) → sent | pending again | failed. */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    meta: jsonb('meta'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_key').on(t.idempotencyKey),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * The next moment an SMS may leave through each sender number: every process's outbox worker
 * reserves its sends here, so that together they keep to the provider's rate.
 */
export const smsSendSlots = pgTable('sms_send_slots', {
  sender: text('sender').primaryKey(),
  nextSlotAt: timestamp('next_slot_at', { withTimezone: true }).notNull().defaultNow(),
});
