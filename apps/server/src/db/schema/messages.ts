import { messageDirections, messageStatuses, messageTypes, replyStatuses } from '@brigade/shared/enums';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applicants } from './applicants.ts';
import { createdAt, language, timestamps, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * One person and one type of message: an employee's or supervisor's General thread, their
 * Assignation thread… or an unknown number that wrote in (no user, its phone only). The last
 * message and the unread count are kept here so that the inbox reads one row per conversation.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuidPrimaryKey(),
    type: text('type', { enum: messageTypes }).notNull(),
    /** The employee or supervisor; null for an applicant or a number that matches nobody. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An applicant's Applicants thread (applicants have no account until hired). Never both with userId (a check in migration 0009). */
    applicantId: uuid('applicant_id').references(() => applicants.id, { onDelete: 'cascade' }),
    /** E.164. For a person, the number last written to or from (their profile may change later). */
    phone: text('phone').notNull(),
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Inbound messages not yet seen by the office. */
    unseenCount: integer('unseen_count').notNull().default(0),
    /** Replies to an assignation left for the office (messages.reply_status = 'to_handle'). */
    toHandleCount: integer('to_handle_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_user_type_key').on(t.userId, t.type).where(sql`${t.userId} is not null`),
    uniqueIndex('conversations_applicant_type_key')
      .on(t.applicantId, t.type)
      .where(sql`${t.applicantId} is not null`),
    uniqueIndex('conversations_unknown_phone_type_key')
      .on(t.phone, t.type)
      .where(sql`${t.userId} is null and ${t.applicantId} is null`),
    // The inbox's two orders, read backwards: newest first, and those waiting for the office (unread
    // or with a reply to handle) first then newest.
    index('conversations_recent_idx').on(t.type, t.lastMessageAt, t.id),
    index('conversations_waiting_idx').on(
      t.type,
      sql`(${t.unseenCount} > 0 or ${t.toHandleCount} > 0)`,
      t.lastMessageAt,
      t.id,
    ),
    index('conversations_phone_idx').on(t.phone),
    check('conversations_to_handle_count', sql`${t.toHandleCount} >= 0`),
  ],
);

/**
 * One SMS, out or in. Outbound: pending (a draft the office reviews) → queued (in the outbox) →
 * sent (the provider took it) → delivered | failed. Inbound: received.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuidPrimaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: messageTypes }).notNull(),
    direction: text('direction', { enum: messageDirections }).notNull(),
    body: text('body').notNull(),
    language: language(),
    /** The recipient's number (outbound) or the sender's (inbound), E.164. */
    phone: text('phone').notNull(),
    status: text('status', { enum: messageStatuses }).notNull(),
    /** The provider's id (Twilio's MessageSid): a webhook replayed with the same id changes nothing. */
    providerId: text('provider_id'),
    /** Why it failed, as the provider (or the outbox) said. */
    error: text('error'),
    /** The office person who wrote or sent it; null for automatic and inbound messages. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Inbound only: when the office opened the conversation after it arrived. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /**
     * Inbound in an Assignation thread only: applied by itself (confirmed, declined: no one
     * handled it), or to_handle until the office confirms, declines or dismisses it from there.
     */
    replyStatus: text('reply_status', { enum: replyStatuses }),
    /** The office person who handled a reply left for the office; null when it was read by itself. */
    replyHandledBy: uuid('reply_handled_by').references(() => users.id, { onDelete: 'set null' }),
    replyHandledAt: timestamp('reply_handled_at', { withTimezone: true }),
  },
  (t) => [
    // A thread, newest first: this index read backwards.
    index('messages_thread_idx').on(t.conversationId, t.createdAt, t.id),
    // What an inbound SMS answers: the last one sent to that number (inbound.ts replyType).
    index('messages_phone_idx').on(t.phone, t.createdAt),
    uniqueIndex('messages_provider_id_key').on(t.providerId).where(sql`${t.providerId} is not null`),
    index('messages_pending_idx').on(t.type, t.createdAt).where(sql`${t.status} = 'pending'`),
    index('messages_unseen_idx').on(t.type).where(sql`${t.direction} = 'in' and ${t.seenAt} is null`),
    // The replies left for the office (the Assignation badge counts those already seen too).
    index('messages_to_handle_idx').on(t.type).where(sql`${t.replyStatus} = 'to_handle'`),
    check('messages_reply_inbound', sql`${t.replyStatus} is null or ${t.direction} = 'in'`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

/** Numbers that answered STOP (or ARRÊT…): nothing is sent to them until they answer START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  keyword: text('keyword').notNull(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});
