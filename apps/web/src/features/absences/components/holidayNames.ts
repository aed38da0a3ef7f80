import type { HolidayYear } from '@brigade/shared/holiday-schemas';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The two calendars of holidays: the construction industry's and Québec's general ones. */
export type Calendar = 'construction' | 'quebec';
export type Holiday = HolidayYear['construction'][number];

/** A holiday's name in the screen's language. */
export const localName = (holiday: { nameFr: string; nameEn: string }) =>
  currentLanguage() === 'fr' ? holiday.nameFr : holiday.nameEn;
