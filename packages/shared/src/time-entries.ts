import { z } from 'zod';
import { quarterHourTime } from './absences.ts';
import { isoDateSchema, optionalText } from './address.ts';
import { timesheetStatuses } from './enums.ts';
import { whenValid } from './refine.ts';
import { shiftEndMinute, skippedTime, timeToMinutes, workedMinutes } from './shift-times.ts';
import { text } from './text.ts';

// Schemas and rules of the time entries domain (issue 11): hours logged in quarter hours, the pay
// week, regular and overtime hours. Shared by the API, the web screens and the tests.

export { type TimesheetStatus, timesheetStatuses } from './enums.ts';
export * from './pay-week.ts';
export * from './shift-times.ts';

/** Spec §5, §9: parking at most 1,000 $. */
export const maxParkingDollars = 1000;

/** "12,50" or "12.5" dollars → cents; null when not a number with at most two decimals. */
export function parseDollars(value: string | number): number | null {
  const text = String(value).trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/**
 * Parking paid, in dollars (up to two decimals, 0–1,000; spec §5): "12,50" → 12.5. The output is
 * dollars too, so that a form may send what it parsed and the server parse it again the same.
 */
const parkingSchema = z
  .union([z.number(), text(12)])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return 0;
    const cents = parseDollars(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid_amount' });
      return z.NEVER;
    }
    if (cents > maxParkingDollars * 100) {
      ctx.addIssue({ code: 'too_big', maximum: maxParkingDollars, origin: 'number', message: 'parking_max' });
      return z.NEVER;
    }
    return cents / 100;
  });

/**
 * A shift's times: an end before (or equal to "00:00" after) the start is on the next day, so a
 * night shift is one entry; the same time twice (nothing, or a whole day: which one?) is refused, a
 * time the clocks skip too (02:00–02:59 the night they go forward), and the break must leave some
 * time worked, counted in real time (a 22:00–06:00 the night the clocks go forward is 7 h).
 */
function hoursInOrder(
  value: { workDate: string; startTime: string | null; endTime: string | null; breakMinutes: number },
  ctx: z.RefinementCtx,
) {
  if (!value.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'required' });
  if (!value.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'required' });
  if (!value.startTime || !value.endTime) return;
  // 24:00 ends a day; a shift starting then starts the next day at 00:00.
  if (value.startTime === '24:00') {
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'invalid_time' });
    return;
  }
  if (value.endTime === value.startTime) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'same_time' });
    return;
  }
  const startMinute = timeToMinutes(value.startTime);
  const endMinute = shiftEndMinute(value.startTime, value.endTime);
  let skipped = false;
  for (const [path, minute] of [
    ['startTime', startMinute],
    ['endTime', endMinute],
  ] as const) {
    if (skippedTime(value.workDate, minute)) {
      ctx.addIssue({ code: 'custom', path: [path], message: 'time_skipped' });
      skipped = true;
    }
  }
  if (skipped) return;
  const elapsed = workedMinutes({ workDate: value.workDate, startMinute, endMinute, breakMinutes: 0 });
  if (value.breakMinutes >= elapsed) {
    ctx.addIssue({ code: 'custom', path: ['breakMinutes'], message: 'break_too_long' });
  }
}

/**
 * A time entry as written (POST and PUT: the whole entry). `employeeId` may be left out by an
 * employee (themself); `idempotencyKey` is made by the phone once per entry, so that an entry sent
 * again after a lost connection is written once.
 */
export const timeEntryInputSchema = z
  .object({
    employeeId: z.uuid().optional().describe("The worker; an employee's own when left out"),
    siteId: z.uuid({ message: 'required' }),
    workDate: isoDateSchema.describe('The day worked (Montréal calendar day), not in the future'),
    startTime: quarterHourTime.describe('HH:mm, quarter hours'),
    endTime: quarterHourTime.describe(
      'HH:mm, quarter hours; before the start (or 00:00) it is on the next day: 22:00–06:00 is one night shift, counted on the day it starts',
    ),
    breakMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .multipleOf(15, { message: 'quarter_hour' })
      .default(0)
      .describe('Unpaid break, in minutes (quarter hours)'),
    parking: parkingSchema.describe('Parking paid, in dollars (0–1,000)'),
    comment: optionalText(1000, { multiline: true }),
    idempotencyKey: z
      .uuid()
      .optional()
      .describe('Made once per entry by the phone; the same key is the same entry'),
  })
  .superRefine(hoursInOrder, whenValid('workDate', 'startTime', 'endTime', 'breakMinutes'));
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;
export type TimeEntryInputParsed = z.output<typeof timeEntryInputSchema>;

const ref = z.object({ id: z.string(), name: z.string() });

/**
 * A time entry's hours (HH:mm, the unpaid break, the minutes worked), parking and comment: what
 * the worker's screen and the site's timesheet both show.
 */
export const timeEntryHoursSchema = z.object({
  startTime: z.string().describe('HH:mm'),
  endTime: z.string().describe('HH:mm, on the next day when `endsNextDay`'),
  /** A night shift (22:00–06:00), or one ending at midnight: it still counts on the day it starts. */
  endsNextDay: z.boolean(),
  breakMinutes: z.number().int(),
  /** Worked minutes: the real time from start to end (9 h for 22:00–06:00 the night clocks go back), less the break. */
  minutes: z.number().int(),
  parkingCents: z.number().int(),
  comment: z.string().nullable(),
});

/** A receipt's photo of an entry: its size, to hold its place while it loads. */
export const receiptPhotoSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReceiptPhoto = z.infer<typeof receiptPhotoSchema>;

/** The photo itself, or its 240 px thumbnail. */
export const receiptPhotoQuerySchema = z.object({ size: z.enum(['full', 'thumb']).default('full') });

export const timeEntrySchema = z.object({
  id: z.string(),
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  site: ref.extend({ client: ref }),
  workDate: z.string(),
  ...timeEntryHoursSchema.shape,
  photos: z.array(receiptPhotoSchema),
  rejection: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** The week's timesheet of this site, once there is one. */
  timesheetStatus: z.enum(timesheetStatuses).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

/**
 * Hours added up (a day, a worker's week, a timesheet): the minutes worked, split into regular and
 * overtime minutes, and the parking paid, in cents.
 */
export const hoursTotalsSchema = z.object({
  minutes: z.number().int(),
  regular: z.number().int(),
  overtime: z.number().int(),
  parkingCents: z.number().int(),
});

/** One worker's pay week: each day's entries and totals, regular and overtime. */
export const timeEntryWeekSchema = z.object({
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  weekStart: z.string(),
  days: z.array(
    z.object({ date: z.string(), entries: z.array(timeEntrySchema), ...hoursTotalsSchema.shape }),
  ),
  totals: hoursTotalsSchema,
});
export type TimeEntryWeek = z.infer<typeof timeEntryWeekSchema>;

export const timeEntryWeekQuerySchema = z.object({
  employeeId: z.uuid().optional().describe("The worker; one's own when left out"),
  week: isoDateSchema.optional().describe('Any day of the pay week; this week when left out'),
});

/** Where a worker is expected on a day: the sites of their confirmed assignations that day. */
export const timeEntryDefaultsSchema = z.object({
  date: z.string(),
  suggestedSites: z.array(ref.extend({ client: ref, dailyStart: z.string(), dailyEnd: z.string() })),
  /**
   * The sites the worker has a confirmed assignation on that pay week: hours on another site are
   * asked to be confirmed, and flagged for the office on the site's timesheet.
   */
  assignedSiteIds: z.array(z.string()),
});
export type TimeEntryDefaults = z.infer<typeof timeEntryDefaultsSchema>;

/** The sites a person may log hours on, searched (the logger's "another site"). */
export const timeEntrySitesQuerySchema = z.object({
  q: text(100).optional(),
});
export const timeEntrySitesSchema = z.object({
  items: z.array(
    z.object({ id: z.string(), name: z.string(), clientName: z.string(), city: z.string().nullable() }),
  ),
});
export type TimeEntrySites = z.infer<typeof timeEntrySitesSchema>;

// ---------- Hour alerts (spec §7, §9) ----------

/** A day range of the hour calls: `dd/MM/yyyy` (the spec's) or ISO dates; the start defaults to yesterday. */
export const hoursByDateQuerySchema = z.object({
  startDate: isoDateSchema
    .optional()
    .describe('dd/MM/yyyy or yyyy-MM-dd; yesterday (Montréal) when left out'),
  endDate: isoDateSchema.optional().describe('Included; the start day when left out'),
});
/** A reminder texted to the listed workers still short of hours over the range (each their own days and sites). */
export const hourReminderInputSchema = hoursByDateQuerySchema
  .extend({ employeeIds: z.array(z.uuid()).min(1).max(2000) })
  .strict();
export type HourReminderInput = z.output<typeof hourReminderInputSchema>;

export const hoursByEmployeeQuerySchema = hoursByDateQuerySchema.extend({
  employeeId: z.uuid().optional(),
});

const workerRef = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  language: z.string(),
});

/**
 * One hour alert: a worker confirmed on an order working that day who logged less than the order
 * expects (its shift less its unpaid break; nothing included), and was not away the whole day.
 */
export const hourAlertSchema = z.object({
  date: z.string(),
  employee: workerRef,
  minutes: z.number().int(),
  /** What their orders that day expect, in minutes: each shift less its unpaid break. */
  expectedMinutes: z.number().int(),
  /** The same in decimal hours (7.5). */
  expectedHours: z.number(),
  /** The sites of their confirmed assignations that day. */
  sites: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type HourAlert = z.infer<typeof hourAlertSchema>;
export const hourAlertListSchema = z.array(hourAlertSchema);

/** Each worker's logged minutes per day (only the days they logged hours). */
export const hoursByEmployeeSchema = z.array(
  z.object({
    date: z.string(),
    employee: workerRef.omit({ phone: true, language: true }),
    minutes: z.number().int(),
  }),
);
export type HoursByEmployee = z.infer<typeof hoursByEmployeeSchema>;
