import type { BatchOutcome, ComposeParsed, RefusalReason } from '@brigade/shared';
import { inArray, sql } from 'drizzle-orm';
import { applicants, conversations, messages, smsOptOuts, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { queueRows } from './compose.ts';
import { readMessage } from './pending-read.ts';
import { composeAndSend, lockPending, type MessageDeps } from './pending-write.ts';
import { messagesPolicy } from './policy.ts';
import { contactJoins } from './serialize.ts';

/**
 * POST /send/sms?pending=true: the given pending messages are queued for sending, each to the
 * number it was written for; one that can no longer be texted (archived, opted out since) is
 * refused with the reason and stays pending. A message already sent refuses the whole request.
 */
export async function sendPending(deps: MessageDeps, actor: Actor, ids: string[]): Promise<BatchOutcome> {
  authorize(actor, messagesPolicy.send);
  const outcome = await deps.db.transaction(async (tx) => {
    const rows = await lockPending(tx, ids);
    const people = await tx
      .select({
        conversationId: conversations.id,
        userId: conversations.userId,
        active: users.active,
        name: sql<string | null>`${users.lastName} || ', ' || ${users.firstName}`,
        optedOut: sql<boolean>`${smsOptOuts.phone} is not null`,
      })
      .from(conversations)
      .leftJoin(users, contactJoins.users)
      .leftJoin(applicants, contactJoins.applicants)
      .leftJoin(smsOptOuts, contactJoins.optOuts)
      .where(inArray(conversations.id, [...new Set(rows.map((row) => row.conversationId))]));
    const byConversation = new Map(people.map((person) => [person.conversationId, person]));
    const refused: BatchOutcome['refused'] = [];
    const going: typeof rows = [];
    const optedOut = new Set(
      (
        await tx
          .select({ phone: smsOptOuts.phone })
          .from(smsOptOuts)
          .where(inArray(smsOptOuts.phone, [...new Set(rows.map((row) => row.phone))]))
      ).map((row) => row.phone),
    );
    for (const row of rows) {
      const person = byConversation.get(row.conversationId);
      const reason: RefusalReason | null =
        person?.active === false
          ? 'RECIPIENT_ARCHIVED'
          : optedOut.has(row.phone)
            ? 'RECIPIENT_OPTED_OUT'
            : null;
      if (reason) {
        refused.push({
          userId: person?.userId ?? null,
          messageId: row.id,
          name: person?.name ?? null,
          phone: row.phone,
          reason,
        });
      } else going.push(row);
    }
    if (going.length > 0) {
      await tx
        .update(messages)
        .set({
          status: 'queued',
          queuedAt: sql`now()`,
          updatedAt: sql`now()`,
          authorId: sql`coalesce(${messages.authorId}, ${actor.userId}::uuid)`,
        })
        .where(
          inArray(
            messages.id,
            going.map((row) => row.id),
          ),
        );
      await queueRows(tx, going);
    }
    return { refused, ids: going.map((row) => row.id) };
  });
  const created = await Promise.all(outcome.ids.map((id) => readMessage(deps.db, id)));
  return { created, refused: outcome.refused };
}

export async function send(
  deps: MessageDeps,
  actor: Actor,
  pending: 'true' | 'false',
  messagesToSend: string[] | ComposeParsed,
): Promise<BatchOutcome> {
  if (pending === 'true') {
    if (!Array.isArray(messagesToSend)) {
      throw new AppError('BAD_REQUEST', 'With pending=true, messages are the ids of pending messages');
    }
    return sendPending(deps, actor, messagesToSend);
  }
  if (Array.isArray(messagesToSend)) {
    throw new AppError('BAD_REQUEST', 'Without pending=true, messages is a message to compose');
  }
  return composeAndSend(deps, actor, messagesToSend);
}
