import { z } from 'zod';
import { isoDateSchema } from './address.ts';
import { holidayCalendars } from './enums.ts';
import { holidayKeys } from './holidays.ts';
import { nameSchema } from './text.ts';

// Schemas of the holidays API: a year's calendars as computed with the office's overrides, and
// the overrides themselves (the computed days are pure functions in holidays.ts, never stored).

export const holidayYearQuerySchema = z.object({
  year: z.coerce.number().int().min(1900).max(2200),
});

const calendarHolidaySchema = z.object({
  date: z.string(),
  key: z.string().nullable(),
  nameFr: z.string(),
  nameEn: z.string(),
  source: z.enum(['computed', 'moved', 'added']),
  computedDate: z.string().nullable(),
  overrideId: z.string().nullable(),
});
const periodSchema = z.object({ start: z.string(), end: z.string() });

export const holidayOverrideSchema = z.object({
  id: z.string(),
  calendar: z.enum(holidayCalendars),
  year: z.number().int(),
  kind: z.enum(['move', 'remove', 'add']),
  holidayKey: z.string().nullable(),
  date: z.string().nullable(),
  nameFr: z.string().nullable(),
  nameEn: z.string().nullable(),
});

/** GET /holidays?year=: both calendars of the year, its vacations, and the overrides applied. */
export const holidayYearSchema = z.object({
  year: z.number().int(),
  quebec: z.array(calendarHolidaySchema),
  construction: z.array(calendarHolidaySchema),
  /** The construction industry's obligatory vacations (summer, winter). */
  constructionVacations: z.array(periodSchema),
  /** The company's (spec §3): the same with the Sunday after. */
  companyVacations: z.array(periodSchema),
  /** The office's changes of this year, a removed holiday included (so it can be restored). */
  overrides: z.array(holidayOverrideSchema),
});
export type HolidayYear = z.infer<typeof holidayYearSchema>;

const holidayKeySchema = z.enum(holidayKeys as [string, ...string[]], { message: 'required' });

/**
 * A change to a calendar: move a computed holiday of a year to another day (of that year), remove
 * it, or add a company day off.
 */
export const holidayOverrideInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('move'),
    calendar: z.enum(holidayCalendars),
    year: z.number().int().min(1900).max(2200),
    holidayKey: holidayKeySchema,
    date: isoDateSchema,
  }),
  z.object({
    kind: z.literal('remove'),
    calendar: z.enum(holidayCalendars),
    year: z.number().int().min(1900).max(2200),
    holidayKey: holidayKeySchema,
  }),
  z.object({
    kind: z.literal('add'),
    calendar: z.enum(holidayCalendars),
    date: isoDateSchema,
    nameFr: nameSchema(100),
    nameEn: nameSchema(100),
  }),
]);
export type HolidayOverrideInput = z.input<typeof holidayOverrideInputSchema>;
export type HolidayOverrideInputParsed = z.output<typeof holidayOverrideInputSchema>;
