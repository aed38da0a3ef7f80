import type { Contact, Conversation, Message } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  applicants,
  conversations,
  type MessageRow,
  messages,
  smsOptOuts,
  users,
} from '../../db/schema/index.ts';

/** The author of a message, joined under another name than the conversation's person. */
export const authors = alias(users, 'authors');
export const authorName = sql<string | null>`${authors.lastName} || ', ' || ${authors.firstName}`;

/** Columns that make a Contact, from conversations left-joined with users and sms_opt_outs. */
export const contactColumns = {
  userId: conversations.userId,
  phone: conversations.phone,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  active: users.active,
  optedOut: sql<boolean>`${smsOptOuts.phone} is not null`,
  applicantId: conversations.applicantId,
  applicantFirstName: applicants.firstName,
  applicantLastName: applicants.lastName,
  applicantLanguage: applicants.language,
};
type ContactRow = {
  userId: string | null;
  phone: string;
  role: 'admin' | 'supervisor' | 'employee' | null;
  firstName: string | null;
  lastName: string | null;
  language: 'fr' | 'en' | null;
  active: boolean | null;
  optedOut: boolean;
  applicantId: string | null;
  applicantFirstName: string | null;
  applicantLastName: string | null;
  applicantLanguage: 'fr' | 'en' | null;
};

export const contactJoins = {
  users: eq(users.id, conversations.userId),
  applicants: eq(applicants.id, conversations.applicantId),
  optOuts: eq(smsOptOuts.phone, conversations.phone),
};

export function toContact(row: ContactRow): Contact {
  if (row.applicantId) {
    return {
      kind: 'applicant',
      userId: null,
      applicantId: row.applicantId,
      name: `${row.applicantLastName}, ${row.applicantFirstName}`,
      phone: row.phone,
      language: row.applicantLanguage ?? 'fr',
      active: true,
      optedOut: row.optedOut,
    };
  }
  return {
    applicantId: null,
    kind: row.userId === null ? 'unknown' : row.role === 'supervisor' ? 'supervisor' : 'employee',
    userId: row.userId,
    name: row.lastName === null ? null : `${row.lastName}, ${row.firstName}`,
    phone: row.phone,
    language: row.language ?? 'fr',
    active: row.active ?? true,
    optedOut: row.optedOut,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toMessage(
  row: MessageRow,
  author: { id: string; name: string } | null,
  handledByName: string | null = null,
): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    type: row.type,
    direction: row.direction,
    body: row.body,
    language: row.language,
    phone: row.phone,
    status: row.status,
    error: row.error,
    author,
    createdAt: row.createdAt.toISOString(),
    queuedAt: iso(row.queuedAt),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    seenAt: iso(row.seenAt),
    reply: row.replyStatus
      ? {
          status: row.replyStatus,
          handledBy: row.replyHandledBy ? { id: row.replyHandledBy, name: handledByName ?? '' } : null,
          handledAt: iso(row.replyHandledAt),
        }
      : null,
  };
}

/** Who in the office handled a reply left for them (most messages have nobody: no lookup then). */
const handledByName = sql<
  string | null
>`(select h.last_name || ', ' || h.first_name from users h where h.id = ${messages.replyHandledBy})`;

/** A message row with its author's name (authors left-joined) and its handler's. */
export const messageWithAuthorColumns = {
  message: messages,
  authorId: authors.id,
  authorName,
  handledByName,
};
export function toMessageWithAuthor(row: {
  message: MessageRow;
  authorId: string | null;
  authorName: string | null;
  handledByName: string | null;
}): Message {
  return toMessage(
    row.message,
    row.authorId ? { id: row.authorId, name: row.authorName ?? '' } : null,
    row.handledByName,
  );
}

export function toConversation(row: {
  id: string;
  type: Conversation['type'];
  unseenCount: number;
  toHandleCount: number;
  lastMessageAt: Date;
  lastBody: string | null;
  lastDirection: Message['direction'] | null;
  lastStatus: Message['status'] | null;
  contact: ContactRow;
}): Conversation {
  return {
    id: row.id,
    type: row.type,
    contact: toContact(row.contact),
    unseenCount: row.unseenCount,
    toHandleCount: row.toHandleCount,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessage:
      row.lastBody === null || row.lastDirection === null || row.lastStatus === null
        ? null
        : { body: row.lastBody, direction: row.lastDirection, status: row.lastStatus },
  };
}
