import type { Language } from './roles.ts';

/**
 * How a number is written to a person, one rule per language for the screens, the PDFs, the
 * workbooks, the e-mails and the SMS alike (issue 26): hours "9,5 h" / "9.5 h", money "12,50 $" /
 * "$12.50", phones "514 555-0101". Without zod, so that the screens load it alone.
 *
 * Hours are decimal, never h:mm: Québec construction pay counts hours as a number (hours × rate; the
 * CCQ's monthly report asks for hours worked, regular, time and a half and double, as quantities),
 * the workbook's cells are numbers the office adds up, and the moments of a day are written as
 * clock times beside them ("07:00–16:30"), where a duration "9:30" would read as a time. Hours are
 * logged in quarter hours, so two decimals are always exact (9,25 · 9,5 · 9,75).
 */

/** Canadian formats in both languages: fr → fr-CA, en → en-CA. */
export const intlLocales: Record<Language, string> = { fr: 'fr-CA', en: 'en-CA' };

/** Between a number and its unit: never cut at the end of a line ("9,5" on one, "h" on the next). */
const unitSpace = '\u00a0';

// Made once per language: building a formatter costs far more than formatting with it (a PDF of a
// site's week formats hundreds of numbers).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(language: Language, kind: 'hours' | 'money' | 'amount'): Intl.NumberFormat {
  const key = `${language}:${kind}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.NumberFormatOptions =
      kind === 'hours'
        ? { maximumFractionDigits: 2 }
        : kind === 'money'
          ? { style: 'currency', currency: 'CAD' }
          : { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false };
    made = new Intl.NumberFormat(intlLocales[language], options);
    formatters.set(key, made);
  }
  return made;
}

/** Minutes as decimal hours: "9,5 h", "40 h", "9,25 h" in French; "9.5 h", "40 h" in English. */
export function formatHours(minutes: number, language: Language): string {
  return `${formatter(language, 'hours').format(minutes / 60)}${unitSpace}h`;
}

/** Money kept in cents: "12,50 $", "1 234,50 $" in French; "$12.50", "$1,234.50" in English. */
export function formatMoney(cents: number, language: Language): string {
  return formatter(language, 'money').format(cents / 100);
}

/** Money given back to a field to change: "12,50" / "12.50" (no sign, no grouping). */
export function formatAmount(cents: number, language: Language): string {
  return formatter(language, 'amount').format(cents / 100);
}

/**
 * A phone number as people write it here: "514 555-0102" for a North-American number (stored as
 * +15145550102), typed any usual way; a number from elsewhere, or anything that is not a whole
 * number, stays as it is. The same in both languages.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || /[a-z]/i.test(value)) return value;
  if (value.trim().startsWith('+') && !digits.startsWith('1')) return value;
  return `${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * The same rules as Excel number formats, for a workbook's cells that stay numbers (the office adds
 * them up). A format code's "." and "," are the decimal and grouping marks of the reader's Excel,
 * whatever the file: the language decides where the unit and the sign go. Hours: "General" shows
 * 9.5 as 9,5 (9.5 in English) and 40 as 40, as the screens do, then " h".
 */
export const spreadsheetFormats: Record<Language, { hours: string; money: string }> = {
  fr: { hours: 'General"\u00a0h"', money: '#,##0.00"\u00a0$"' },
  en: { hours: 'General"\u00a0h"', money: '"$"#,##0.00' },
};
