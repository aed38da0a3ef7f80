import { type Language, type MessageType, toE164 } from '@brigade/shared';
import type { WriteEndpoint } from '@brigade/shared/changes';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { applicants, messages, users } from '../../db/schema/index.ts';
import { recordingChanges } from '../../lib/changes.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { arrivedMessageEvent } from './arrived.ts';
import { queueRows, touchConversations } from './compose.ts';
import { conversationFor } from './conversations.ts';
import { applyOptKeyword, optConfirmation, optKeyword } from './opt-out.ts';

export interface InboundSms {
  from: string;
  body: string;
  /** The provider's id (Twilio's MessageSid): the same SMS received twice is recorded once. */
  providerId?: string;
}

/** An inbound SMS from a known person, offered to the other domains before anyone reads it. */
export interface InboundReply {
  messageId: string;
  conversationId: string;
  userId: string;
  phone: string;
  body: string;
  language: Language;
}

/**
 * A domain that understands some replies (the assignations' "Oui merci", "Non"): it acts in the
 * SMS's own transaction and says whether the reply was handled (then it needs no person: it is not
 * counted unread), how (`replyStatus`: what an Assignation reply did) and which office click it
 * amounts to (`sameAs`: an OUI that confirms is the office confirming), whose resources the
 * SMS's change record publishes besides the message's.
 */
export type ReplyHandler = (
  tx: Tx,
  reply: InboundReply,
) => Promise<{
  handled: boolean;
  replyStatus?: 'confirmed' | 'declined';
  sameAs?: WriteEndpoint;
} | null>;

/** A reply belongs with what it answers: the type of the last SMS sent to that number lately. */
const replyWindowDays = 14;

/**
 * Whose number it is: the one active person with exactly this mobile — an employee or a supervisor
 * whose account is active, or an applicant not hired (a number is one active person's) — else the
 * one archived employee or supervisor who had it. Two people who could both be it (numbers shared
 * before they had to be one person's) are nobody: the SMS opens the "unknown number" conversation,
 * and no reply of one is taken for the other's.
 */
async function ownerOfPhone(db: Executor, phone: string) {
  const people = await db
    .select({ id: users.id, language: users.language, active: users.active })
    .from(users)
    .where(and(eq(users.phone, phone), inArray(users.role, ['employee', 'supervisor'])))
    .limit(10);
  const candidates = await db
    .select({ id: applicants.id, language: applicants.language })
    .from(applicants)
    .where(and(eq(applicants.phone, phone), isNull(applicants.employeeId)))
    .limit(2);
  const active = people.filter((person) => person.active);
  const nobody = { person: null, applicant: null };
  if (active.length + candidates.length > 1) return nobody;
  if (active.length === 1) return { person: active[0]!, applicant: null };
  if (candidates.length === 1) return { person: null, applicant: candidates[0]! };
  return people.length === 1 ? { person: people[0]!, applicant: null } : nobody;
}

async function replyType(db: Executor, phone: string): Promise<MessageType> {
  const [last] = await db
    .select({ type: messages.type })
    .from(messages)
    .where(
      and(
        eq(messages.phone, phone),
        eq(messages.direction, 'out'),
        inArray(messages.status, ['queued', 'sent', 'delivered']),
        gt(messages.createdAt, sql`now() - make_interval(days => ${replyWindowDays})`),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return last?.type ?? 'General';
}

/**
 * An SMS that came in (a Twilio webhook, or `npm run sms:receive` with the outbox driver): stored
 * in the conversation of the person whose mobile it is (an "unknown number" one in General when
 * nobody's), as unread. STOP / ARRÊT… opt the number out at once and START / DEBUT back in, each
 * answered by one confirmation in the person's language.
 */
export async function receiveInboundSms(
  deps: { db: Db; realtime: Realtime; replyHandlers?: readonly ReplyHandler[] },
  sms: InboundSms,
): Promise<{ messageId: string; duplicate: boolean } | { refused: 'invalid_phone' }> {
  const phone = toE164(sms.from);
  if (!phone) return { refused: 'invalid_phone' };
  // Joins the webhook's change record (a message and its conversation, and what a reply did).
  const result = await recordingChanges(deps.realtime, (change) =>
    deps.db.transaction(async (tx) => {
      if (sms.providerId) {
        const [seen] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(eq(messages.providerId, sms.providerId));
        if (seen) return { messageId: seen.id, duplicate: true };
      }
      // An applicant's number opens their Applicants conversation.
      const { person, applicant } = await ownerOfPhone(tx, phone);
      const language: Language = person?.language ?? applicant?.language ?? 'fr';
      const type = applicant ? 'Applicants' : await replyType(tx, phone);
      const conversationId = await conversationFor(
        tx,
        { userId: person?.id ?? null, applicantId: applicant?.id ?? null, phone },
        type,
      );
      const [inbound] = await tx
        .insert(messages)
        .values({
          conversationId,
          type,
          direction: 'in',
          body: sms.body,
          language,
          phone,
          status: 'received',
          providerId: sms.providerId ?? null,
        })
        .onConflictDoNothing()
        .returning();
      // A replay that raced past the check above: the unique provider id kept it to one.
      if (!inbound) return { messageId: '', duplicate: true };
      change.sameAs('POST /webhooks/twilio/sms');
      await touchConversations(tx, [inbound]);
      const keyword = optKeyword(sms.body);
      let handled = false;
      let applied: 'confirmed' | 'declined' | null = null;
      if (!keyword && person) {
        for (const handler of deps.replyHandlers ?? []) {
          const outcome = await handler(tx, {
            messageId: inbound.id,
            conversationId,
            userId: person.id,
            phone,
            body: sms.body,
            language,
          });
          if (!outcome) continue;
          if (outcome.sameAs) change.sameAs(outcome.sameAs);
          if (outcome.handled) {
            handled = true;
            applied = outcome.replyStatus ?? null;
            break;
          }
        }
      }
      // Handled by a domain (an OUI that confirmed), it needs no person: it is not counted unread.
      // An Assignation reply nothing applied (a question, "Oui mais…", an OUI that would double-book,
      // nothing pending to answer) is left for the office to handle: it counts in the Assignation
      // badge until someone confirms, declines or dismisses it from the thread, seen or not.
      const toHandle = !handled && !keyword && type === 'Assignation';
      if (!handled) {
        await tx.execute(
          sql`update conversations set unseen_count = unseen_count + 1,
          to_handle_count = to_handle_count + ${toHandle ? 1 : 0} where id = ${conversationId}`,
        );
        if (toHandle) {
          await tx.update(messages).set({ replyStatus: 'to_handle' }).where(eq(messages.id, inbound.id));
        }
      } else {
        await tx
          .update(messages)
          .set({ seenAt: sql`now()`, replyStatus: type === 'Assignation' ? applied : null })
          .where(eq(messages.id, inbound.id));
      }
      if (keyword) {
        await applyOptKeyword(tx, phone, keyword);
        // The one message an opted-out number still gets: the confirmation that it is.
        const [confirmation] = await tx
          .insert(messages)
          .values({
            conversationId,
            type,
            direction: 'out',
            body: optConfirmation(keyword.kind, language),
            language,
            phone,
            status: 'queued',
            queuedAt: sql`now()`,
            createdAt: sql`clock_timestamp()`,
          })
          .returning();
        if (confirmation) {
          await touchConversations(tx, [confirmation]);
          await queueRows(tx, [confirmation]);
        }
      }
      const arrived = await arrivedMessageEvent(tx, inbound.id);
      if (arrived) change.arrived(arrived);
      return { messageId: inbound.id, duplicate: false };
    }),
  );
  return { messageId: result.messageId, duplicate: result.duplicate };
}
