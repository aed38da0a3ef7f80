import { formatPhone } from '@brigade/shared/format';
import type { Contact, Message } from '@brigade/shared/messages';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from '../../lib/format.ts';

/** "Gagnon, Hélène", or "Numéro inconnu (514) 555-0199" for a number that matches nobody. */
export function contactLabel(contact: Contact, t: TFunction): string {
  return contact.name ?? t('messages.unknownNumber', { phone: formatPhone(contact.phone) });
}

/** In a list: the time today, the date before. */
export function shortTime(iso: string): string {
  const at = dayjs(iso);
  return at.isSame(dayjs(), 'day') ? at.format('HH:mm') : formatDate(at).slice(0, 5);
}

/** Under a bubble: the date and time (Toronto's, as the browser shows local time). */
export function bubbleTime(message: Message): string {
  return formatDateTime(message.createdAt);
}
