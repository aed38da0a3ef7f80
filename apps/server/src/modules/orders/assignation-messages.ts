import type { Language, OrderDetail } from '@brigade/shared';
import type { Executor } from '../../db/client.ts';
import { createMessages, removeDrafts, rewriteDrafts } from '../messages/index.ts';
import { askText, cancelledText, changedText } from './assignation-text.ts';

/** Texts in both languages: each worker gets their own (the messages module picks it). */
const both = (text: (language: Language) => string) => ({ fr: text('fr'), en: text('en') });

/**
 * The Assignation SMS that asks a worker, written as a pending message for the office to review
 * and send (spec §4). Null when the worker cannot be texted (no mobile, opted out): the office
 * phones them, the assignation stands.
 */
export async function writeAsk(
  tx: Executor,
  order: OrderDetail,
  employeeId: string,
  authorId: string | null,
): Promise<string | null> {
  const { rows } = await createMessages(
    tx,
    {
      type: 'Assignation',
      recipients: { userIds: [employeeId] },
      texts: both((language) => askText(order, language)),
    },
    { authorId, queue: false },
  );
  return rows[0]?.id ?? null;
}

/** One SMS queued for sending at once (a notice, an answer to a reply). */
export async function sendNow(
  tx: Executor,
  recipients: { userIds: string[] } | { conversationId: string },
  text: (language: Language) => string,
  authorId: string | null,
): Promise<void> {
  await createMessages(tx, { type: 'Assignation', recipients, texts: both(text) }, { authorId, queue: true });
}

export interface AskedWorker {
  employeeId: string;
  messageId: string | null;
  /** The ask's status: pending (not sent yet) or sent in some way. */
  messageStatus: string | null;
  language: Language;
}

/**
 * The workers of cancelled assignations: an ask still pending is deleted (they never knew), one
 * already sent is followed by a notice that it is cancelled.
 */
export async function withdrawAsks(
  tx: Executor,
  order: OrderDetail,
  workers: AskedWorker[],
  authorId: string | null,
): Promise<void> {
  const drafts = workers.filter((worker) => worker.messageId && worker.messageStatus === 'pending');
  await removeDrafts(
    tx,
    drafts.map((worker) => worker.messageId as string),
  );
  const told = workers.filter((worker) => worker.messageId && worker.messageStatus !== 'pending');
  if (told.length > 0) {
    await sendNow(
      tx,
      { userIds: told.map((worker) => worker.employeeId) },
      (language) => cancelledText(order, language),
      authorId,
    );
  }
}

/**
 * The order's dates or hours changed: still-pending asks are rewritten, and those already asked
 * (or confirmed) are told the new dates — asked again when their answer is still awaited.
 */
export async function reviseAsks(
  tx: Executor,
  order: OrderDetail,
  workers: (AskedWorker & { status: 'pending' | 'confirmed' })[],
  authorId: string | null,
): Promise<void> {
  const drafts = workers.filter((worker) => worker.messageId && worker.messageStatus === 'pending');
  await rewriteDrafts(
    tx,
    drafts.flatMap((worker) => {
      // The draft is in the worker's language; its new text too.
      return worker.messageId ? [{ id: worker.messageId, body: askText(order, worker.language) }] : [];
    }),
  );
  const told = workers.filter((worker) => worker.messageId && worker.messageStatus !== 'pending');
  for (const status of ['pending', 'confirmed'] as const) {
    const ids = told.filter((worker) => worker.status === status).map((worker) => worker.employeeId);
    if (ids.length === 0) continue;
    await sendNow(
      tx,
      { userIds: ids },
      (language) => changedText(order, language, status === 'pending'),
      authorId,
    );
  }
}
