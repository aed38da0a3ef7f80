import { longDate } from '../../lib/calendar.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** A day inside a sentence: "jeudi 26 novembre 2026" (French day names take no capital there). */
export function dayName(date: string): string {
  const text = longDate(date);
  return currentLanguage() === 'fr' ? text.charAt(0).toLocaleLowerCase('fr') + text.slice(1) : text;
}
