import { accentFold, type Language } from '@brigade/shared';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { smsConsentEvents, smsOptOuts } from '../../db/schema/index.ts';

/**
 * The words that stop (or restart) all texting to a number, in French and English, compared
 * without case, accents or surrounding spaces and punctuation: "Arrêt", "arret", " STOP." are one.
 */
const stopWords = new Set(['STOP', 'ARRET', 'UNSUBSCRIBE', 'DESABONNER', 'STOPALL', 'DESINSCRIRE']);
const startWords = new Set(['START', 'DEBUT', 'UNSTOP', 'REPRENDRE']);

export type OptKeyword = { kind: 'stop' | 'start'; word: string };

/** The opt-out or opt-in word a whole inbound message is, if it is one. */
export function optKeyword(body: string): OptKeyword | null {
  const word = accentFold(body)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (stopWords.has(word)) return { kind: 'stop', word };
  if (startWords.has(word)) return { kind: 'start', word };
  return null;
}

/** The one message a number gets when it opts out or back in, in the person's language. */
export function optConfirmation(kind: OptKeyword['kind'], language: Language): string {
  if (kind === 'stop') {
    return language === 'en'
      ? 'Brigade: you will no longer receive texts from us. Reply START to receive them again.'
      : 'Brigade : vous ne recevrez plus nos textos. Répondez DEBUT pour les recevoir de nouveau.';
  }
  return language === 'en'
    ? 'Brigade: you will receive our texts again. Reply STOP to stop them.'
    : 'Brigade : vous recevrez de nouveau nos textos. Répondez ARRET pour ne plus les recevoir.';
}

/** Opts the number out or back in, and keeps the event in its consent history (shown on the person's page). */
export async function applyOptKeyword(db: Executor, phone: string, keyword: OptKeyword): Promise<void> {
  const changed =
    keyword.kind === 'stop'
      ? await db
          .insert(smsOptOuts)
          .values({ phone, keyword: keyword.word })
          .onConflictDoNothing()
          .returning({ phone: smsOptOuts.phone })
      : await db
          .delete(smsOptOuts)
          .where(inArray(smsOptOuts.phone, [phone]))
          .returning({ phone: smsOptOuts.phone });
  // A second STOP (or a START from a number that never stopped) changes nothing: no event.
  if (changed.length === 0) return;
  await db.insert(smsConsentEvents).values({
    phone,
    kind: keyword.kind === 'stop' ? 'opt_out' : 'opt_in',
    keyword: keyword.word,
    source: 'sms',
  });
}

/** Which of these numbers opted out. */
export async function optedOutAmong(db: Executor, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(inArray(smsOptOuts.phone, [...new Set(phones)]));
  return new Set(rows.map((row) => row.phone));
}
