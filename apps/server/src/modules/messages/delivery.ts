import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { recordingChanges } from '../../lib/changes.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { OutcomeListener } from '../outbox/index.ts';

/**
 * Follows the outbox's attempts at a conversation's SMS (the outbox row names it in
 * `meta.messageId`): sent with the provider's id, or failed with its reason once no attempt is
 * left. Each change reaches the admins' browsers as a delivery report does (the status webhook's
 * change record), though no request made it.
 */
export function followSmsDelivery(realtime: Realtime): OutcomeListener {
  return (db, row, outcome) =>
    recordingChanges(realtime, async (change) => {
      const messageId = (row.meta as { messageId?: unknown } | null)?.messageId;
      if (row.channel !== 'sms' || typeof messageId !== 'string') return;
      const changed =
        outcome.kind === 'sent'
          ? await db
              .update(messages)
              .set({
                status: 'sent',
                providerId: outcome.providerId,
                sentAt: sql`now()`,
                error: null,
                updatedAt: sql`now()`,
              })
              // A status webhook may already have said more (delivered): never go back.
              .where(and(eq(messages.id, messageId), eq(messages.status, 'queued')))
              .returning({ id: messages.id })
          : await db
              .update(messages)
              .set({
                ...(outcome.final ? { status: 'failed' as const } : {}),
                error: outcome.error,
                updatedAt: sql`now()`,
              })
              .where(and(eq(messages.id, messageId), eq(messages.status, 'queued')))
              .returning({ id: messages.id });
      if (changed.length > 0) change.sameAs('POST /webhooks/twilio/status');
    });
}

/** Twilio's MessageStatus values, as our statuses; the others (queued, sending…) change nothing. */
const fromTwilio: Record<string, 'sent' | 'delivered' | 'failed'> = {
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};
/** A status only moves forward: a late "sent" after "delivered" is ignored. */
const earlier: Record<'sent' | 'delivered' | 'failed', ('queued' | 'sent' | 'delivered' | 'failed')[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  failed: ['queued', 'sent'],
};

/** Common Twilio error codes, in words the office understands (the code stays beside them). */
const twilioErrors: Record<string, string> = {
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Carrier violation (filtered)',
  '30008': 'Unknown error',
  '21610': 'The recipient replied STOP',
};

/**
 * A delivery report (Twilio's status callback). Replayed, it finds the status already set and
 * changes nothing; for a message we do not know (not ours, or not yet recorded), nothing either.
 */
export async function recordDeliveryStatus(
  deps: { db: import('../../db/client.ts').Db },
  report: { providerId: string; status: string; errorCode?: string; errorMessage?: string },
): Promise<void> {
  const status = fromTwilio[report.status];
  if (!status) return;
  const error =
    status === 'failed'
      ? [
          report.errorCode,
          report.errorMessage ?? (report.errorCode ? twilioErrors[report.errorCode] : undefined),
        ]
          .filter(Boolean)
          .join(': ') || 'Not delivered'
      : null;
  await deps.db
    .update(messages)
    .set({
      status,
      error,
      updatedAt: sql`now()`,
      ...(status === 'delivered' ? { deliveredAt: sql`now()` } : {}),
      ...(status === 'sent' ? { sentAt: sql`coalesce(${messages.sentAt}, now())` } : {}),
    })
    .where(and(eq(messages.providerId, report.providerId), inArray(messages.status, earlier[status])));
}
