import type { Language, OrderDetail } from '@brigade/shared';
import { timeToMinutes } from '@brigade/shared';

/**
 * The SMS an assignation sends, in the worker's language (spec §3, §4): what to ask, what to say
 * when the order changes or is cancelled, and the answer to their OUI / NON.
 */

const locales: Record<Language, string> = { fr: 'fr-CA', en: 'en-CA' };

/** "lun. 30 nov." / "Mon, Nov 30": a calendar day, never shifted by a time zone. */
function day(date: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "7 h 30" / "7:30 AM". */
function time(value: string, language: Language): string {
  const minutes = timeToMinutes(value);
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  if (language === 'fr') return `${hours} h ${rest}`;
  const suffix = hours >= 12 && hours < 24 ? 'PM' : 'AM';
  return `${((hours + 11) % 12) + 1}:${rest} ${suffix}`;
}

function dates(order: Pick<OrderDetail, 'startsOn' | 'endsOn'>, language: Language): string {
  if (order.startsOn === order.endsOn) {
    return language === 'fr' ? `le ${day(order.startsOn, 'fr')}` : `on ${day(order.startsOn, 'en')}`;
  }
  return language === 'fr'
    ? `du ${day(order.startsOn, 'fr')} au ${day(order.endsOn, 'fr')}`
    : `from ${day(order.startsOn, 'en')} to ${day(order.endsOn, 'en')}`;
}

function place(order: OrderDetail): string {
  const address = [order.site.street, order.site.city].filter(Boolean).join(', ');
  return `${order.client.name} – ${order.site.name}${address ? ` (${address})` : ''}`;
}

/** The question: site, address, dates, hours, supervisor, tools, and how to answer. */
export function askText(order: OrderDetail, language: Language): string {
  const supervisor = order.supervisor
    ? `${order.supervisor.firstName} ${order.supervisor.lastName}${order.supervisor.phone ? ` ${order.supervisor.phone}` : ''}`
    : null;
  const tools = order.tools.map((tool) => (language === 'fr' ? tool.nameFr : tool.nameEn)).join(', ');
  if (language === 'fr') {
    return [
      `Brigade : travail chez ${place(order)}, ${dates(order, 'fr')}, de ${time(order.dailyStart, 'fr')} à ${time(order.dailyEnd, 'fr')}.`,
      supervisor ? `Superviseur : ${supervisor}.` : null,
      tools ? `Outils à apporter : ${tools}.` : null,
      'Répondez OUI pour confirmer ou NON pour refuser.',
    ]
      .filter(Boolean)
      .join(' ');
  }
  return [
    `Brigade: work at ${place(order)}, ${dates(order, 'en')}, ${time(order.dailyStart, 'en')} to ${time(order.dailyEnd, 'en')}.`,
    supervisor ? `Supervisor: ${supervisor}.` : null,
    tools ? `Tools to bring: ${tools}.` : null,
    'Reply YES to confirm or NO to decline.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Sent to those already asked when the order's dates or hours change. */
export function changedText(order: OrderDetail, language: Language, stillOpen: boolean): string {
  return language === 'fr'
    ? `Brigade : changement pour ${place(order)} : maintenant ${dates(order, 'fr')}, de ${time(order.dailyStart, 'fr')} à ${time(order.dailyEnd, 'fr')}.${stillOpen ? ' Répondez OUI pour confirmer ou NON pour refuser.' : ''}`
    : `Brigade: change for ${place(order)}: now ${dates(order, 'en')}, ${time(order.dailyStart, 'en')} to ${time(order.dailyEnd, 'en')}.${stillOpen ? ' Reply YES to confirm or NO to decline.' : ''}`;
}

/** Sent to those already asked when their assignation (or the whole order) is cancelled. */
export function cancelledText(order: OrderDetail, language: Language): string {
  return language === 'fr'
    ? `Brigade : le travail chez ${place(order)} ${dates(order, 'fr')} est annulé. Nous vous recontacterons.`
    : `Brigade: the work at ${place(order)} ${dates(order, 'en')} is cancelled. We will get back to you.`;
}

/** The answer to their OUI / NON. */
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
