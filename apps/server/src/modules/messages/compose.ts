import type {
  BatchOutcome,
  ComposeParsed,
  Language,
  MessageType,
  RefusalReason,
} from '@brigade/shared';
import { shiftDate } from '@brigade/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicants,
  assignations,
  conversations,
  employeeSkills,
  employees,
  messages,
  orders,
  timeEntries,
  users,
} from '../../db/schema/index.ts';
import { thisPayWeek } from '../../lib/calendar.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { enqueueMessages } from '../outbox/index.ts';
import { optedOutAmong } from './opt-out.ts';
import { toMessage } from './serialize.ts';

/** One person (or number) a composed message is for. */
interface Recipient {
  userId: string | null;
  /** A reply: the conversation it goes in (an applicant's has no user). */
  conversationId?: string;
  name: string | null;
  phone: string | null;
  language: Language;
  active: boolean;
}

const personColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  language: users.language,
  active: users.active,
};
type PersonRow = { [K in keyof typeof personColumns]: (typeof personColumns)[K]['_']['data'] | null };

function toRecipient(row: PersonRow): Recipient {
  return {
    userId: row.userId,
    name: row.lastName === null ? null : `${row.lastName}, ${row.firstName}`,
    phone: row.phone,
    language: row.language ?? 'fr',
    active: row.active ?? true,
  };
}

/** Employees and supervisors (never admins) who may receive an SMS. */
const isPerson = inArray(users.role, ['employee', 'supervisor']);

/** The people (or number) `recipients` names, in a stable order (by name). */
export async function resolveRecipients(
  db: Executor,
  recipients: ComposeParsed['recipients'],
): Promise<{ list: Recipient[]; reply: boolean }> {
  const byName = [users.lastName, users.firstName, users.id];
  if (recipients.userIds) {
    const ids = [...new Set(recipients.userIds)];
    const rows = await db
      .select(personColumns)
      .from(users)
      .where(and(inArray(users.id, ids), isPerson))
      .orderBy(...byName);
    if (rows.length !== ids.length) throw notFound('Recipient');
    return { list: rows.map(toRecipient), reply: false };
  }
  if (recipients.conversationId) {
    const [row] = await db
      .select({
        ...personColumns,
        conversationPhone: conversations.phone,
        applicantId: applicants.id,
        applicantFirstName: applicants.firstName,
        applicantLastName: applicants.lastName,
        applicantPhone: applicants.phone,
        applicantLanguage: applicants.language,
      })
      .from(conversations)
      .leftJoin(users, eq(users.id, conversations.userId))
      .leftJoin(applicants, eq(applicants.id, conversations.applicantId))
      .where(eq(conversations.id, recipients.conversationId));
    if (!row) throw notFound('Conversation');
    // A reply goes to the number the conversation is with when it is a person's (or an
    // applicant's), their current mobile (it may have changed since), else the number that wrote in.
    if (row.applicantId) {
      return {
        list: [
          {
            userId: null,
            conversationId: recipients.conversationId,
            name: `${row.applicantLastName}, ${row.applicantFirstName}`,
            phone: row.applicantPhone,
            language: row.applicantLanguage ?? 'fr',
            active: true,
          },
        ],
        reply: true,
      };
    }
    const recipient = toRecipient(row);
    return {
      list: [
        {
          ...recipient,
          conversationId: recipients.conversationId,
          phone: row.userId ? recipient.phone : row.conversationPhone,
        },
      ],
      reply: true,
    };
  }
  const { status, skillId, siteId, language } = recipients.filter ?? {};
  const { weekStart, weekEnd } = thisPayWeek();
  // Without weekends an order works Monday to Friday of the pay week (Sunday to Saturday).
  const monday = shiftDate(weekStart, 1);
  const friday = shiftDate(weekStart, 5);
  const conditions: (SQL | undefined)[] = [
    eq(users.active, true),
    status ? eq(employees.status, status) : undefined,
    language ? eq(users.language, language) : undefined,
    skillId
      ? sql`exists (select 1 from ${employeeSkills} where ${employeeSkills.employeeId} = ${users.id} and ${employeeSkills.skillId} = ${skillId})`
      : undefined,
    // The site's crew this pay week: confirmed on one of its orders (not cancelled) that works a day
    // of it — Sunday and Saturday only when the order includes weekends —, or who logged hours there
    // this week (sent by the office without an order, or replacing someone).
    siteId
      ? sql`(exists (select 1 from ${assignations} join ${orders} on ${orders.id} = ${assignations.orderId}
          where ${assignations.employeeId} = ${users.id} and ${assignations.status} = 'confirmed'
            and ${orders.siteId} = ${siteId} and ${orders.cancelledAt} is null
            and ${orders.endsOn} >= (case when ${orders.includeWeekends} then ${weekStart} else ${monday} end)::date
            and ${orders.startsOn} <= (case when ${orders.includeWeekends} then ${weekEnd} else ${friday} end)::date)
        or exists (select 1 from ${timeEntries} where ${timeEntries.employeeId} = ${users.id}
          and ${timeEntries.siteId} = ${siteId}
          and ${timeEntries.workDate} between ${weekStart}::date and ${weekEnd}::date))`
      : undefined,
  ];
  const rows = await db
    .select(personColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(...conditions))
    .orderBy(...byName);
  return { list: rows.map(toRecipient), reply: false };
}

/** The text each recipient gets: their language's; a reply may use the one text typed. */
function textFor(texts: ComposeParsed['texts'], language: Language, reply: boolean): string | undefined {
  const own = texts[language];
  if (own !== undefined) return own;
  return reply ? (texts.fr ?? texts.en) : undefined;
}

interface NewMessage {
  userId: string | null;
  /** Known already (a reply): used as it is. */
  conversationId?: string;
  phone: string;
  language: Language;
  body: string;
}

/**
 * Writes one message per recipient who can be texted (pending, or queued in the outbox), in the
 * caller's transaction, and lists the others with the reason. All conversations, messages and
 * outbox rows of a batch are written with a few statements, whatever its size.
 */
export async function createMessages(
  tx: Executor,
  input: ComposeParsed,
  options: { authorId: string | null; queue: boolean },
): Promise<BatchOutcome & { rows: (typeof messages.$inferSelect)[] }> {
  const { list, reply } = await resolveRecipients(tx, input.recipients);
  if (list.length === 0) throw new AppError('NO_RECIPIENTS', 'No one matches these recipients');
  const missing = new Set(
    list.filter((r) => textFor(input.texts, r.language, reply) === undefined).map((r) => r.language),
  );
  if (missing.size > 0) {
    throw new AppError('MESSAGE_TEXT_MISSING', 'A text is missing for some recipients’ language', {
      languages: [...missing],
      recipients: list.filter((r) => missing.has(r.language)).length,
    });
  }
  const optedOut = await optedOutAmong(
    tx,
    list.flatMap((r) => (r.phone ? [r.phone] : [])),
  );
  const refused: BatchOutcome['refused'] = [];
  const accepted: NewMessage[] = [];
  for (const recipient of list) {
    const reason: RefusalReason | null = !recipient.active
      ? 'RECIPIENT_ARCHIVED'
      : !recipient.phone
        ? 'RECIPIENT_NO_MOBILE'
        : optedOut.has(recipient.phone)
          ? 'RECIPIENT_OPTED_OUT'
          : null;
    if (reason || !recipient.phone) {
      refused.push({
        userId: recipient.userId,
        messageId: null,
        name: recipient.name,
        phone: recipient.phone,
        reason: reason ?? 'RECIPIENT_NO_MOBILE',
      });
      continue;
    }
    accepted.push({
      userId: recipient.userId,
      ...(recipient.conversationId ? { conversationId: recipient.conversationId } : {}),
      phone: recipient.phone,
      language: recipient.language,
      body: textFor(input.texts, recipient.language, reply) ?? '',
    });
  }
  if (reply && refused[0]) {
    const { reason } = refused[0];
    throw new AppError(reason, 'This person cannot be texted', { phone: refused[0].phone });
  }
  const rows = await insertMessages(tx, input.type, accepted, options);
  return { created: rows.map((row) => toMessage(row, null)), refused, rows };
}

/** Conversations (created as needed), messages and, for queued ones, their outbox rows. */
async function insertMessages(
  tx: Executor,
  type: MessageType,
  list: NewMessage[],
  options: { authorId: string | null; queue: boolean },
) {
  if (list.length === 0) return [];
  const conversationIds = await conversationsFor(tx, type, list);
  const now = new Date();
  const rows = await tx
    .insert(messages)
    .values(
      list.map((each, index) => ({
        conversationId: conversationIds[index] as string,
        type,
        direction: 'out' as const,
        body: each.body,
        language: each.language,
        phone: each.phone,
        status: options.queue ? ('queued' as const) : ('pending' as const),
        authorId: options.authorId,
        createdAt: now,
        updatedAt: now,
        queuedAt: options.queue ? now : null,
      })),
    )
    .returning();
  await touchConversations(tx, rows);
  if (options.queue) await queueRows(tx, rows);
  return rows;
}

/** Hands messages to the outbox; the outbox worker sends them and reports back (delivery.ts). */
export async function queueRows(
  tx: Executor,
  rows: { id: string; phone: string; body: string; language: Language }[],
) {
  await enqueueMessages(
    tx,
    rows.map((row) => ({
      channel: 'sms' as const,
      recipient: row.phone,
      body: row.body,
      language: row.language,
      // One message, one send: a retried request or a second click cannot queue it twice.
      idempotencyKey: `message:${row.id}`,
      meta: { messageId: row.id },
    })),
  );
}

/** The conversation of each (person or number, type), created with one statement when missing. */
async function conversationsFor(tx: Executor, type: MessageType, list: NewMessage[]): Promise<string[]> {
  const open = list.filter((each) => !each.conversationId);
  const userIds = [...new Set(open.flatMap((each) => (each.userId ? [each.userId] : [])))];
  const phones = [...new Set(open.filter((each) => !each.userId).map((each) => each.phone))];
  if (userIds.length > 0) {
    await tx
      .insert(conversations)
      .values(
        userIds.map((userId) => ({
          type,
          userId,
          phone: list.find((each) => each.userId === userId)?.phone ?? '',
        })),
      )
      .onConflictDoNothing();
  }
  if (phones.length > 0) {
    await tx
      .insert(conversations)
      .values(phones.map((phone) => ({ type, userId: null, phone })))
      .onConflictDoNothing();
  }
  const byUser = new Map<string, string>();
  const byPhone = new Map<string, string>();
  if (userIds.length > 0) {
    const found = await tx
      .select({ id: conversations.id, userId: conversations.userId })
      .from(conversations)
      .where(and(eq(conversations.type, type), inArray(conversations.userId, userIds)));
    for (const row of found) if (row.userId) byUser.set(row.userId, row.id);
  }
  if (phones.length > 0) {
    const found = await tx
      .select({ id: conversations.id, phone: conversations.phone })
      .from(conversations)
      .where(
        and(
          eq(conversations.type, type),
          sql`${conversations.userId} is null and ${conversations.applicantId} is null`,
          inArray(conversations.phone, phones),
        ),
      );
    for (const row of found) byPhone.set(row.phone, row.id);
  }
  return list.map((each) => {
    const id = each.conversationId ?? (each.userId ? byUser.get(each.userId) : byPhone.get(each.phone));
    if (!id) throw new Error('conversation missing');
    return id;
  });
}

/** Each conversation's last message becomes the newest of `rows` written to it. */
export async function touchConversations(
  tx: Executor,
  rows: { id: string; conversationId: string; createdAt: Date; phone: string }[],
): Promise<void> {
  const last = new Map<string, (typeof rows)[number]>();
  for (const row of rows) last.set(row.conversationId, row);
  if (last.size === 0) return;
  const values = sql.join(
    [...last.values()].map(
      (row) =>
        sql`(${row.conversationId}::uuid, ${row.id}::uuid, ${row.createdAt.toISOString()}::timestamptz, ${row.phone})`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${conversations} as c
    set last_message_id = v.message_id, last_message_at = v.at, phone = v.phone
    from (values ${values}) as v(conversation_id, message_id, at, phone)
    where c.id = v.conversation_id and (c.last_message_id is null or v.at >= c.last_message_at)`);
}
