import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import {
  formatAmount as formatAmountIn,
  formatHours as formatHoursIn,
  formatMoney as formatMoneyIn,
  intlLocales,
} from '@brigade/shared/format';
import { currentLanguage, i18n } from './i18n.ts';

// Month and day names follow the interface language. This module is loaded by the screens that show
// dates, not by the login route, which keeps dayjs out of the first download.
dayjs.locale(currentLanguage());
i18n.on('languageChanged', () => dayjs.locale(currentLanguage()));

/** fr → fr-CA, en → en-CA: Canadian formats in both languages. */
export function intlLocale(): string {
  return intlLocales[currentLanguage()];
}

/** The spec's date format, dd/MM/yyyy, used on screen and in API queries. */
export const dateFormat = 'DD/MM/YYYY';

export function formatDate(value: string | Date | Dayjs | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(dateFormat) : '';
}

export function formatDateTime(value: string | Date | Dayjs | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(`${dateFormat} HH:mm`) : '';
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/** Money is kept in cents; shown as dollars ("12,50 $" in French, "$12.50" in English), as everywhere. */
export function formatMoney(cents: number): string {
  return formatMoneyIn(cents, currentLanguage());
}

/** Money given back to a field to change: "12,50" in French, "12.50" in English (no sign, no grouping). */
export function formatAmount(cents: number): string {
  return formatAmountIn(cents, currentLanguage());
}

/** Durations are kept in minutes; shown as decimal hours ("9,5 h" / "9.5 h"), as everywhere. */
export function formatHours(minutes: number): string {
  return formatHoursIn(minutes, currentLanguage());
}

/**
 * A period, written the same way on every page: "23/10/2026 – 07/11/2026", "23/10/2026 – …" (no
 * end yet), "… – 07/11/2026" (no start); '' when neither is known.
 */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return '';
  return `${start ? formatDate(start) : '…'} – ${end ? formatDate(end) : '…'}`;
}

/** Whole days from today to `date` ('YYYY-MM-DD'): negative once past; null without a date. */
export function daysUntil(date: string | null | undefined): number | null {
  if (!date) return null;
  const day = dayjs(date);
  return day.isValid() ? day.startOf('day').diff(dayjs().startOf('day'), 'day') : null;
}
