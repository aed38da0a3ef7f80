import { z } from 'zod';
import {
  employeeStatuses,
  messageDirections,
  messageStatuses,
  messageTypes,
  replyStatuses,
} from './enums.ts';
import { pageSchema } from './list.ts';
import { languages } from './roles.ts';
import { searchQuerySchema, text } from './text.ts';

// Schemas of SMS communications (spec §3 message types, §7 /messages, /conversations, /send/sms),
// shared by the API routes, the composer and the tests.

export {
  type InboxType,
  inboxTypes,
  type MessageDirection,
  type MessageStatus,
  type MessageType,
  messageDirections,
  messageStatuses,
  messageTypes,
  type ReplyStatus,
  replyStatuses,
} from './enums.ts';

/** Ten SMS segments: longer than any message the office writes, short enough for every provider. */
export const smsBodyMaxLength = 1600;

/** The text of one SMS: required, at most 1,600 characters, line breaks allowed. */
export const smsBodySchema = text(smsBodyMaxLength, { multiline: true }).min(1, { message: 'required' });

export const messageTypeSchema = z.enum(messageTypes);

/**
 * Who a message goes to:
 * - `userIds`: one person or a hand-picked list (employees and supervisors);
 * - `filter`: the active employees matching every criterion given;
 * - `conversationId`: a reply in a thread (also reaches a number that matches nobody).
 */
export const recipientsSchema = z
  .object({
    userIds: z.array(z.uuid()).min(1, { message: 'required' }).max(2000).optional(),
    filter: z
      .object({
        status: z.enum(employeeStatuses).optional(),
        skillId: z.uuid().optional(),
        /** Confirmed on an order of this site that works this week, or with hours logged there this pay week (Sunday to Saturday, Montréal). */
        siteId: z.uuid().optional(),
        language: z.enum(languages).optional(),
      })
      .strict()
      .optional(),
    conversationId: z.uuid().optional(),
  })
  .strict()
  // One way of naming them, never two: which one would win would be a guess.
  .refine(
    (recipients) =>
      [recipients.userIds, recipients.filter, recipients.conversationId].filter((way) => way !== undefined)
        .length === 1,
    { message: 'one_recipient_kind' },
  );
export type Recipients = z.input<typeof recipientsSchema>;

/**
 * A French and an English text: each recipient gets the one in their language. A text is needed
 * for each language among the recipients (MESSAGE_TEXT_MISSING otherwise).
 */
export const messageTextsSchema = z
  .object({ fr: smsBodySchema.optional(), en: smsBodySchema.optional() })
  .strict()
  .refine((texts) => texts.fr !== undefined || texts.en !== undefined, { message: 'required', path: ['fr'] });
export type MessageTexts = z.input<typeof messageTextsSchema>;

/** What the composer sends: one message per recipient, in their language. */
export const composeSchema = z
  .object({ type: messageTypeSchema, recipients: recipientsSchema, texts: messageTextsSchema })
  .strict();
export type ComposeInput = z.input<typeof composeSchema>;
export type ComposeParsed = z.output<typeof composeSchema>;

/** PUT /messages/:id: the new text of a pending message (the recipient and type stay). */
export const messageUpdateSchema = z.object({ body: smsBodySchema }).strict();
export type MessageUpdate = z.input<typeof messageUpdateSchema>;

/** DELETE /messages: the pending messages to delete (all or none). */
export const messageIdsSchema = z.object({ ids: z.array(z.uuid()).min(1).max(2000) }).strict();

/** Whom a conversation is with. */
export const contactSchema = z.object({
  kind: z.enum(['employee', 'supervisor', 'applicant', 'unknown']),
  userId: z.uuid().nullable(),
  /** An applicant's conversation (recruiting): whom it is with. */
  applicantId: z.uuid().nullable(),
  /** "Last, First", or null for a number that matches nobody. */
  name: z.string().nullable(),
  phone: z.string(),
  language: z.enum(languages),
  active: z.boolean(),
  optedOut: z.boolean(),
});
export type Contact = z.infer<typeof contactSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  type: messageTypeSchema,
  direction: z.enum(messageDirections),
  body: z.string(),
  language: z.enum(languages),
  phone: z.string(),
  status: z.enum(messageStatuses),
  error: z.string().nullable(),
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  queuedAt: z.iso.datetime({ offset: true }).nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  seenAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * A worker's reply in an Assignation thread: applied by itself (confirmed, declined; nobody
   * handled it), or to_handle until someone in the office confirms, declines or dismisses it
   * (`handledBy`). Null for every other message.
   */
  reply: z
    .object({
      status: z.enum(replyStatuses),
      handledBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
      handledAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** A pending message in its type's "Pending" tab, with whom it goes to. */
export const pendingMessageSchema = messageSchema.extend({ contact: contactSchema });
export type PendingMessage = z.infer<typeof pendingMessageSchema>;

export const messageListQuerySchema = z.object({
  type: messageTypeSchema.optional(),
  pending: z.enum(['true', 'false']).default('true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const messagePageSchema = pageSchema(pendingMessageSchema);

export const unseenQuerySchema = z.object({ type: messageTypeSchema.optional() });
/**
 * Inbound messages waiting for the office by type (unread, or an Assignation reply to handle even
 * once read), the Communications total (General + Assignation + Applicants), and the replies to
 * handle alone.
 */
export const unseenCountsSchema = z.object({
  counts: z.record(messageTypeSchema, z.number().int()),
  total: z.number().int(),
  toHandle: z.number().int(),
});
export type UnseenCounts = z.infer<typeof unseenCountsSchema>;

// ---------- Conversations ----------

export const conversationSorts = ['unread', 'recent'] as const;
export const conversationListQuerySchema = z.object({
  type: messageTypeSchema.default('General'),
  q: searchQuerySchema.optional(),
  sort: z.enum(conversationSorts).default('unread'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;
export type ConversationListParams = z.output<typeof conversationListQuerySchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  type: messageTypeSchema,
  contact: contactSchema,
  unseenCount: z.number().int(),
  /** Replies left for the office to handle ("réponse à traiter"), read or not. */
  toHandleCount: z.number().int(),
  lastMessageAt: z.iso.datetime({ offset: true }),
  lastMessage: z
    .object({
      body: z.string(),
      direction: z.enum(messageDirections),
      status: z.enum(messageStatuses),
    })
    .nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationPageSchema = pageSchema(conversationSchema);

export const threadQuerySchema = z.object({
  type: messageTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
/** A conversation and a page of its messages, newest first. */
export const threadSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(messageSchema),
  total: z.number().int(),
});
export type Thread = z.infer<typeof threadSchema>;

export const conversationSeenQuerySchema = z.object({ type: messageTypeSchema.optional() });

// ---------- Sending ----------

export const sendQuerySchema = z.object({ pending: z.enum(['true', 'false']).default('false') });
/**
 * POST /send/sms: `?pending=true` sends the given pending messages (`messages`: their ids);
 * otherwise `messages` is a new message to compose and send at once.
 */
export const sendBodySchema = z
  .object({ messages: z.union([z.array(z.uuid()).min(1).max(2000), composeSchema]) })
  .strict();
export type SendBody = z.input<typeof sendBodySchema>;

/** Why a recipient got nothing (per recipient, in a batch). */
export const refusalReasons = [
  'RECIPIENT_NO_MOBILE',
  'RECIPIENT_OPTED_OUT',
  'RECIPIENT_ARCHIVED',
  'MESSAGE_NOT_PENDING',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** What a batch did, recipient by recipient. */
export const batchOutcomeSchema = z.object({
  created: z.array(messageSchema),
  refused: z.array(
    z.object({
      userId: z.uuid().nullable(),
      messageId: z.uuid().nullable(),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      reason: z.enum(refusalReasons),
    }),
  ),
});
export type BatchOutcome = z.infer<typeof batchOutcomeSchema>;

/** The socket.io event `new_message` the server sends to admins when a text arrives (spec §7). */
export interface MessageEvent {
  conversation: Conversation;
  type: z.infer<typeof messageTypeSchema>;
  message: Message;
}
