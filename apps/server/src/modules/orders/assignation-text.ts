import type { Language, OrderDetail } from '@brigade/shared';
import { formatPhone, timeToMinutes } from '@brigade/shared';
import { gsmFrenchDate, plainSmsTypography } from '@brigade/shared/sms';

/**
 * The SMS an assignation sends, in the worker's language (spec §3, §4): what to ask, what to say
 * when the order changes or is cancelled, and the answer to their reply.
 *
 * Written in GSM-7, the SMS alphabet (160 characters a text, 153 when split): French's é è à ù are
 * in it, but not ê â î ô û ç nor the typography of word processors (’ – « »). So no en dash, the
 * times as "7 h" and "15 h 30", "aout" in its rectified spelling (1990) rather than "août", and the
 * names and addresses typed in the office with their curly quotes and dashes made plain
 * (`plainSmsTypography`). A name with one of those letters ("Côté", "François") still makes its
 * message UCS-2 (70 a text): names are spelled as their owners spell them. An ask for a realistic
 * order is at most 2 texts in each language (assignation-text.test.ts).
 */

const locales: Record<Language, string> = { fr: 'fr-CA', en: 'en-CA' };

/**
 * A calendar day, never shifted by a time zone, with the parts asked: "lun. 30 nov.", "30 nov.",
 * "Mon, Nov 30", "Nov 30"; "aout" for GSM-7.
 */
function day(date: string, language: Language, weekday: boolean): string {
  return gsmFrenchDate(
    plainSmsTypography(
      new Intl.DateTimeFormat(locales[language], {
        weekday: weekday ? 'short' : undefined,
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`)),
    ),
  );
}

/** "7 h", "7 h 30" / "7 AM", "7:30 AM". */
function time(value: string, language: Language): string {
  const minutes = timeToMinutes(value);
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  if (language === 'fr') return rest === '00' ? `${hours} h` : `${hours} h ${rest}`;
  const suffix = hours >= 12 && hours < 24 ? 'PM' : 'AM';
  return `${((hours + 11) % 12) + 1}${rest === '00' ? '' : `:${rest}`} ${suffix}`;
}

/**
 * "le lun. 7 déc." / "on Mon, Dec 7"; a period in as few words: "du 24 au 28 aout" / "from Aug 24
 * to 28", "du 28 sept. au 2 oct." / "from Sep 28 to Oct 2".
 */
function dates(order: Pick<OrderDetail, 'startsOn' | 'endsOn'>, language: Language): string {
  if (order.startsOn === order.endsOn) {
    return language === 'fr'
      ? `le ${day(order.startsOn, 'fr', true)}`
      : `on ${day(order.startsOn, 'en', true)}`;
  }
  const sameMonth = order.startsOn.slice(0, 7) === order.endsOn.slice(0, 7);
  const dayOfMonth = String(Number(order.startsOn.slice(8)));
  if (language === 'fr') {
    return `du ${sameMonth ? dayOfMonth : day(order.startsOn, 'fr', false)} au ${day(order.endsOn, 'fr', false)}`;
  }
  return `from ${day(order.startsOn, 'en', false)} to ${sameMonth ? String(Number(order.endsOn.slice(8))) : day(order.endsOn, 'en', false)}`;
}

/** "Coffrages Laval - Tour A (10 boul. des Laurentides, Laval)". */
function place(order: OrderDetail): string {
  const address = [order.site.street, order.site.city].filter(Boolean).join(', ');
  return plainSmsTypography(`${order.client.name} - ${order.site.name}${address ? ` (${address})` : ''}`);
}

/** The question: site, address, dates, hours, supervisor (their phone as people write it), tools, and how to answer. */
export function askText(order: OrderDetail, language: Language): string {
  const supervisor = order.supervisor
    ? plainSmsTypography(
        `${order.supervisor.firstName} ${order.supervisor.lastName}${order.supervisor.phone ? ` ${formatPhone(order.supervisor.phone)}` : ''}`,
      )
    : null;
  const tools = plainSmsTypography(
    order.tools.map((tool) => (language === 'fr' ? tool.nameFr : tool.nameEn)).join(', '),
  );
  if (language === 'fr') {
    return [
      `Brigade : travail chez ${place(order)}, ${dates(order, 'fr')}, de ${time(order.dailyStart, 'fr')} à ${time(order.dailyEnd, 'fr')}.`,
      supervisor ? `Superviseur : ${supervisor}.` : null,
      tools ? `Outils : ${tools}.` : null,
      'Répondez OUI ou NON.',
    ]
      .filter(Boolean)
      .join(' ');
  }
  return [
    `Brigade: work at ${place(order)}, ${dates(order, 'en')}, ${time(order.dailyStart, 'en')} to ${time(order.dailyEnd, 'en')}.`,
    supervisor ? `Supervisor: ${supervisor}.` : null,
    tools ? `Bring: ${tools}.` : null,
    'Reply YES or NO.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Sent to those already asked when the order's dates or hours change. */
export function changedText(order: OrderDetail, language: Language, stillOpen: boolean): string {
  return language === 'fr'
    ? `Brigade : changement pour ${place(order)} : maintenant ${dates(order, 'fr')}, de ${time(order.dailyStart, 'fr')} à ${time(order.dailyEnd, 'fr')}.${stillOpen ? ' Répondez OUI ou NON.' : ''}`
    : `Brigade: change for ${place(order)}: now ${dates(order, 'en')}, ${time(order.dailyStart, 'en')} to ${time(order.dailyEnd, 'en')}.${stillOpen ? ' Reply YES or NO.' : ''}`;
}

/** Sent to those already asked when their assignation (or the whole order) is cancelled. */
export function cancelledText(order: OrderDetail, language: Language): string {
  return language === 'fr'
    ? `Brigade : le travail chez ${place(order)} ${dates(order, 'fr')} est annulé. Nous vous recontacterons.`
    : `Brigade: the work at ${place(order)} ${dates(order, 'en')} is cancelled. We will get back to you.`;
}

/** The answer to their reply (read by itself, or answered by the office from it). */
export function answeredText(order: OrderDetail, language: Language, confirmed: boolean): string {
  if (confirmed) {
    return language === 'fr'
      ? `Merci, c'est confirmé : ${place(order)}, ${dates(order, 'fr')}, dès ${time(order.dailyStart, 'fr')}.`
      : `Thank you, you are confirmed: ${place(order)}, ${dates(order, 'en')}, from ${time(order.dailyStart, 'en')}.`;
  }
  return language === 'fr'
    ? 'Merci de votre réponse : nous vous proposerons un autre travail.'
    : 'Thank you for your answer: we will offer you other work.';
}
