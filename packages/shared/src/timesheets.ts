import { z } from 'zod';
import { isoDateSchema } from './address.ts';
import { emailSchema } from './auth.ts';
import { timesheetEventKinds, timesheetStatuses } from './enums.ts';
import { listQuerySchema, pageSchema } from './list.ts';
import { text } from './text.ts';
import { hoursTotalsSchema, receiptPhotoSchema, timeEntryHoursSchema } from './time-entries.ts';

// Timesheets (issue 11): one site's pay week, sent to its supervisors, approved by one of them.

export { type TimesheetEventKind, timesheetEventKinds } from './enums.ts';

/** A timesheet is asked for by site and any day of its week; the week is the pay week (Sunday first). */
export const timesheetCreateSchema = z.object({
  siteId: z.uuid(),
  week: isoDateSchema.describe('Any day of the pay week'),
});
export type TimesheetCreate = z.input<typeof timesheetCreateSchema>;

export const timesheetSortable = ['weekStart', 'site', 'client', 'status'] as const;
export const timesheetListQuerySchema = listQuerySchema(timesheetSortable, 'weekStart').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  clientId: z.uuid().optional(),
  siteId: z.uuid().optional(),
  week: isoDateSchema.optional().describe('Any day of the pay week'),
  status: z.enum(timesheetStatuses).optional(),
  /** Only the timesheets with a line refused and not yet settled (the menu badge). */
  refused: z.enum(['true', 'false']).optional(),
  /** Only the timesheets waiting for a supervisor's decision: sent or reopened (their dashboard). */
  toApprove: z.enum(['true', 'false']).optional(),
});
export type TimesheetListQuery = z.input<typeof timesheetListQuerySchema>;

const ref = z.object({ id: z.string(), name: z.string() });

export const timesheetSummarySchema = z.object({
  id: z.string(),
  site: ref.extend({ city: z.string().nullable() }),
  client: ref,
  weekStart: z.string(),
  status: z.enum(timesheetStatuses),
  sentAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  /** Workers with hours that week on the site. */
  workers: z.number().int(),
  minutes: z.number().int(),
  parkingCents: z.number().int(),
  /** Lines a supervisor refused, not yet corrected (their hours are in no total). */
  rejected: z.number().int(),
});
export type TimesheetSummary = z.infer<typeof timesheetSummarySchema>;
export const timesheetPageSchema = pageSchema(timesheetSummarySchema);

export const timesheetEntrySchema = z.object({
  id: z.string(),
  ...timeEntryHoursSchema.shape,
  /** The parking receipt's photos, read through the timesheet (`GET /timesheets/:id/entries/:entryId/photos/:photoId`). */
  photos: z.array(receiptPhotoSchema),
  rejection: z.object({ reason: z.string(), at: z.string(), by: z.string().nullable() }).nullable(),
  /** A reopened week: the line was written or changed since the supervisors last saw the week. */
  changed: z.boolean(),
});
export type TimesheetEntry = z.infer<typeof timesheetEntrySchema>;

/** One worker's line: their week on the site, day by day. */
export const timesheetLineSchema = z.object({
  employee: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    number: z.string().nullable(),
  }),
  days: z.array(
    z.object({ date: z.string(), minutes: z.number().int(), entries: z.array(timesheetEntrySchema) }),
  ),
  ...hoursTotalsSchema.shape,
  /** The worker had no confirmed assignation on the site that week: hours the office should check. */
  withoutAssignation: z.boolean(),
});
export type TimesheetLine = z.infer<typeof timesheetLineSchema>;

export const timesheetRecipientSchema = z.object({
  name: z.string(),
  kind: z.enum(['supervisor', 'adminHours']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(['fr', 'en']),
});
export type TimesheetRecipient = z.infer<typeof timesheetRecipientSchema>;

export const timesheetEventSchema = z.object({
  kind: z.enum(timesheetEventKinds),
  at: z.string(),
  actorName: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type TimesheetEvent = z.infer<typeof timesheetEventSchema>;

export const timesheetSchema = timesheetSummarySchema.extend({
  site: ref.extend({
    city: z.string().nullable(),
    po: z.string().nullable(),
    jobNumber: z.string().nullable(),
  }),
  days: z.array(z.string()),
  lines: z.array(timesheetLineSchema),
  dayMinutes: z.array(z.number().int()),
  totals: hoursTotalsSchema,
  /** The approver's address and browser: the office's only (null for anyone else). */
  approvedIp: z.string().nullable(),
  approvedUserAgent: z.string().nullable(),
  recipients: z.array(timesheetRecipientSchema),
  events: z.array(timesheetEventSchema),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/**
 * Send to these addresses (each a supervisor of the site or its admin-hours contact) and to these
 * mobiles (supervisors without an e-mail); to all of them when both are left out.
 */
export const timesheetSendSchema = z.object({
  emails: z.array(emailSchema).max(20).optional(),
  phones: z.array(text(20)).max(20).optional(),
});
export type TimesheetSend = z.input<typeof timesheetSendSchema>;

export const timesheetSendResultSchema = z.object({
  sent: z.array(z.object({ name: z.string(), channel: z.enum(['email', 'sms']), to: z.string() })),
  timesheet: timesheetSchema,
});
export type TimesheetSendResult = z.infer<typeof timesheetSendResultSchema>;

export const timesheetRejectSchema = z.object({ reason: text(500).min(1) });
export type TimesheetReject = z.input<typeof timesheetRejectSchema>;

/** A supervisor's active sites today: who is expected there or logged hours there, and how much so far. */
export const onSiteTodaySchema = z.object({
  date: z.string(),
  sites: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      city: z.string().nullable(),
      clientName: z.string(),
      workers: z.array(
        z.object({
          id: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          /** Confirmed on an order of the site working today. */
          expected: z.boolean(),
          /** Logged today on the site so far. */
          minutes: z.number().int(),
        }),
      ),
    }),
  ),
});
export type OnSiteToday = z.infer<typeof onSiteTodaySchema>;
