import { z } from 'zod';
import { isoDateSchema, optionalDateSchema, optionalText } from './address.ts';
import { earliestApiDate, latestApiDate } from './dates.ts';
import { type AbsenceType, absenceTypes, shownAbsenceTypes } from './enums.ts';
import { listQuerySchema, pageSchema } from './list.ts';
import { whenValid } from './refine.ts';
import { timeToMinutes } from './shift-times.ts';
import { text } from './text.ts';

// Schemas of the absences domain (days away, blacklists) and the availability rule that matching
// and time entries call. Shared by the API routes, the web forms and the tests.

export { type AbsenceType, absenceTypes, awayTypes } from './enums.ts';

/** "HH:mm" on a quarter hour (spec §5: hours in 15-minute steps); 24:00 ends a day. */
export const quarterHourTime = text(5)
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const match = /^(\d{2}):(\d{2})$/.exec(value);
    const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
    if (!match || Number(match[2]) >= 60 || minutes > 1440) {
      ctx.addIssue({ code: 'custom', message: 'invalid_time' });
      return z.NEVER;
    }
    if (minutes % 15 !== 0) {
      ctx.addIssue({ code: 'custom', message: 'quarter_hour' });
      return z.NEVER;
    }
    return value;
  });

export { minutesToTime, timeToMinutes } from './shift-times.ts';

/** A day away has an end, not before its start; a blacklist usually has none. */
function datesInOrder(
  value: { type: AbsenceType; startsOn: string; endsOn: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.type !== 'blacklist' && !value.endsOn) {
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'required' });
  }
  if (value.endsOn && value.endsOn < value.startsOn) {
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'end_before_start' });
  }
}

/** A blacklist names a client (its site optional); nothing else names either. */
function clientOnlyForBlacklist(
  value: { type: AbsenceType; clientId?: string | null; siteId?: string | null },
  ctx: z.RefinementCtx,
) {
  const blacklist = value.type === 'blacklist';
  if (blacklist && !value.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'required' });
  if (!blacklist && value.clientId) {
    ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'blacklist_only' });
  }
  if (!blacklist && value.siteId)
    ctx.addIssue({ code: 'custom', path: ['siteId'], message: 'blacklist_only' });
}

/** Part of a day means both hours, in order; a blacklist is whole days. */
function hoursInOrder(
  value: { type: AbsenceType; fromTime: string | null; toTime: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.type === 'blacklist' && (value.fromTime || value.toTime)) {
    ctx.addIssue({ code: 'custom', path: ['fromTime'], message: 'blacklist_whole_days' });
  } else if (Boolean(value.fromTime) !== Boolean(value.toTime)) {
    ctx.addIssue({ code: 'custom', path: [value.fromTime ? 'toTime' : 'fromTime'], message: 'required' });
  } else if (value.fromTime && value.toTime && timeToMinutes(value.toTime) <= timeToMinutes(value.fromTime)) {
    ctx.addIssue({ code: 'custom', path: ['toTime'], message: 'end_time_before_start' });
  }
}

/**
 * An absence as written (POST and PUT: the whole record). Dates are calendar days in Montréal;
 * `endsOn` is the last day away, included.
 */
export const absenceInputSchema = z
  .object({
    employeeId: z.uuid({ message: 'required' }),
    type: z.enum(absenceTypes, { message: 'required' }),
    startsOn: isoDateSchema,
    endsOn: optionalDateSchema.describe('Last day away (included); required except for a blacklist'),
    fromTime: quarterHourTime.describe('Part of the day only: from (HH:mm, quarter hours)'),
    toTime: quarterHourTime.describe('Part of the day only: to (HH:mm, quarter hours)'),
    clientId: z.uuid().nullish().default(null).describe('Blacklist only: the client never to send them to'),
    siteId: z.uuid().nullish().default(null).describe('Blacklist only: one site of that client (else all)'),
    reason: optionalText(1000, { multiline: true }),
  })
  // Each rule as soon as the fields it reads are valid: every problem shows at once.
  .superRefine(datesInOrder, whenValid('type', 'startsOn', 'endsOn'))
  .superRefine(clientOnlyForBlacklist, whenValid('type', 'clientId', 'siteId'))
  .superRefine(hoursInOrder, whenValid('type', 'fromTime', 'toTime'));
export type AbsenceInput = z.input<typeof absenceInputSchema>;
export type AbsenceInputParsed = z.output<typeof absenceInputSchema>;

export const absenceSortable = ['relevance', 'startsOn', 'endsOn', 'employee', 'type'] as const;
export type AbsenceSort = (typeof absenceSortable)[number];

/**
 * The list's filters. `type=away` is every day-away type (no blacklists); `from`/`to` keep the
 * absences that touch that period. The default order shows today's absences first, then the
 * upcoming ones (soonest first), then the past (most recent first).
 */
export const absenceListQuerySchema = listQuerySchema(absenceSortable, 'relevance').extend({
  /** `absent`: the health-related types (sick, work accident, preventive withdrawal), not told apart. */
  type: z.enum([...shownAbsenceTypes, 'away']).optional(),
  employeeId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type AbsenceListQuery = z.input<typeof absenceListQuerySchema>;

const personRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const absenceSchema = z.object({
  id: z.string(),
  employee: personRef.extend({ employeeNumber: z.string(), active: z.boolean() }),
  /**
   * In a list, a health-related absence is only `absent`, without its reason (Law 25); the absence
   * itself (GET /absences/:id, the office's) and a worker's own list tell its type and reason.
   */
  type: z.enum(shownAbsenceTypes),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  site: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** Who entered it. */
  createdBy: personRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A day away that includes today (Montréal), or a blacklist in force. */
  current: z.boolean(),
});
export type Absence = z.infer<typeof absenceSchema>;
export const absencePageSchema = pageSchema(absenceSchema);

/** The dashboard item: who is away today and this pay week (Sunday to Saturday), by type. */
export const absenceSummarySchema = z.object({
  today: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  todayByType: z.record(z.string(), z.number().int()),
  weekByType: z.record(z.string(), z.number().int()),
  /** Employees away today (a person counted once, by their absence's type). */
  awayToday: z.array(
    z.object({
      absenceId: z.string(),
      employeeId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      type: z.enum(shownAbsenceTypes),
      endsOn: z.string(),
      partDay: z.boolean(),
    }),
  ),
  awayTodayTotal: z.number().int(),
  awayThisWeekTotal: z.number().int(),
});
export type AbsenceSummary = z.infer<typeof absenceSummarySchema>;

export const absenceCalendarQuerySchema = z.object({
  month: text(7)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'invalid_month' })
    // Its weeks reach into the months around it: kept within the days the API takes.
    .refine((month) => month >= earliestApiDate.slice(0, 7) && month < latestApiDate.slice(0, 7), {
      message: 'invalid_month',
    }),
});

/** The month calendar: per day, who is away (the first few names) and how many by type. */
export const absenceCalendarSchema = z.object({
  month: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      total: z.number().int(),
      byType: z.record(z.string(), z.number().int()),
      first: z.array(
        z.object({
          absenceId: z.string(),
          employeeId: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          type: z.enum(shownAbsenceTypes),
          partDay: z.boolean(),
        }),
      ),
    }),
  ),
});
export type AbsenceCalendar = z.infer<typeof absenceCalendarSchema>;

// ---------- The availability rule ----------

/** A day-away period as the rule reads it (whole days when the times are null). */
export interface AwayPeriod {
  absenceId: string;
  type: AbsenceType;
  startsOn: string;
  endsOn: string;
  fromTime: string | null;
  toTime: string | null;
}

/** A blacklist as the rule reads it (no site: the whole client; no end: for good). */
export interface BlacklistEntry {
  absenceId: string;
  clientId: string;
  siteId: string | null;
  startsOn: string;
  endsOn: string | null;
}

/** The absence that covers `day` (a yyyy-MM-dd), whole or part of the day, if any. */
export function absenceOn(periods: readonly AwayPeriod[], day: string): AwayPeriod | undefined {
  return periods.find((period) => period.startsOn <= day && day <= period.endsOn);
}

/**
 * Whether the employee is away the whole of `day`: an absence covers it without hours. Away part of
 * the day (a medical appointment 8:00–10:00) is not unavailable: they may still work the rest, and
 * `absenceOn` says which hours.
 */
export function isUnavailable(periods: readonly AwayPeriod[], day: string): boolean {
  const absence = absenceOn(periods, day);
  return Boolean(absence && !absence.fromTime);
}

/**
 * Whether the employee must not be sent to this client's site on `day` (today by default: a
 * blacklist that starts later or has ended does not count). A blacklist without a site covers
 * every site of the client.
 */
export function isBlacklisted(
  blacklists: readonly BlacklistEntry[],
  clientId: string,
  siteId: string | null,
  day: string,
): boolean {
  return blacklists.some(
    (entry) =>
      entry.clientId === clientId &&
      (entry.siteId === null || entry.siteId === siteId) &&
      entry.startsOn <= day &&
      (entry.endsOn === null || day <= entry.endsOn),
  );
}

export const availabilityQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((value) => value.to >= value.from, { path: ['to'], message: 'end_before_start' })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= 366 * 86_400_000, {
    path: ['to'],
    message: 'range_too_long',
  });

const awayPeriodSchema = z.object({
  absenceId: z.string(),
  type: z.enum(absenceTypes),
  startsOn: z.string(),
  endsOn: z.string(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
});
const blacklistEntrySchema = z.object({
  absenceId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
});

/** One day of an employee's availability. */
export const availabilityDaySchema = z.object({
  date: z.string(),
  /** available; away the whole day; away part of it (the hours in `absence`). */
  status: z.enum(['available', 'away', 'part_day']),
  absence: awayPeriodSchema.nullable(),
  /** A holiday or an obligatory vacation of the construction calendar (nobody works). */
  holiday: z.string().nullable(),
});

/** GET /employees/:id/availability: the days of a range, and the blacklists in force in it. */
export const employeeAvailabilitySchema = z.object({
  employeeId: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(availabilityDaySchema),
  blacklists: z.array(blacklistEntrySchema),
});
export type EmployeeAvailability = z.infer<typeof employeeAvailabilitySchema>;

/**
 * GET /availability: every employee at once (what matching reads). Compact: only the employees
 * away at some point of the range are listed, with their periods clipped to it; everyone else is
 * available every day. Blacklists in force during the range are listed per employee.
 */
export const availabilityOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  away: z.array(z.object({ employeeId: z.string(), periods: z.array(awayPeriodSchema) })),
  blacklists: z.array(blacklistEntrySchema.extend({ employeeId: z.string() })),
});
export type AvailabilityOverview = z.infer<typeof availabilityOverviewSchema>;
