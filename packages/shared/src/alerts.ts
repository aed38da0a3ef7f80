import { z } from 'zod';
import { defaultAlertDays } from './alert-kinds.ts';

// Schemas of the site alerts (spec §2 "alerts", §7 GET /alerts and /alerts/notifications): what the
// office must act on within the next days, counted for the menu badge and listed on /alerts.

export { type AlertKind, alertKinds, defaultAlertDays } from './alert-kinds.ts';

/** `days`: the window is today … today + days, Montréal calendar days, both ends included. */
export const alertsQuerySchema = z.object({
  days: z.coerce.number().int().min(0).max(365).default(defaultAlertDays),
});
export type AlertsQuery = z.input<typeof alertsQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const orderUnfilledAlertSchema = z.object({
  kind: z.literal('order_unfilled'),
  /** The day it is about: the order's first day. */
  date: z.string(),
  order: z.object({
    id: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    workersNeeded: z.number().int(),
    confirmed: z.number().int(),
    pending: z.number().int(),
  }),
  client: named,
  site: named,
});

export const siteEndingAlertSchema = z.object({
  kind: z.literal('site_ending'),
  /** The site's last day. */
  date: z.string(),
  client: named,
  site: named.extend({ city: z.string().nullable() }),
});

export const certificateExpiringAlertSchema = z.object({
  kind: z.literal('certificate_expiring'),
  /** The certificate's expiry date. */
  date: z.string(),
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  skill: z.object({ id: z.string(), nameFr: z.string(), nameEn: z.string() }),
  /** Whether the order asks for this skill (a trade or card the order names). */
  requiredByOrder: z.boolean(),
  order: z.object({ id: z.string(), startsOn: z.string(), endsOn: z.string() }),
  client: named,
  site: named,
});

export const timesheetLineRefusedAlertSchema = z.object({
  kind: z.literal('timesheet_line_refused'),
  /** The day of the refused hours. */
  date: z.string(),
  timesheet: z.object({ id: z.string(), weekStart: z.string() }),
  entry: z.object({ id: z.string(), minutes: z.number().int(), reason: z.string().nullable() }),
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  refusedBy: z.string().nullable(),
  client: named,
  site: named,
});

export const alertSchema = z.discriminatedUnion('kind', [
  timesheetLineRefusedAlertSchema,
  orderUnfilledAlertSchema,
  siteEndingAlertSchema,
  certificateExpiringAlertSchema,
]);
export type Alert = z.infer<typeof alertSchema>;
export type OrderUnfilledAlert = z.infer<typeof orderUnfilledAlertSchema>;
export type SiteEndingAlert = z.infer<typeof siteEndingAlertSchema>;
export type CertificateExpiringAlert = z.infer<typeof certificateExpiringAlertSchema>;
export type TimesheetLineRefusedAlert = z.infer<typeof timesheetLineRefusedAlertSchema>;

/** Every alert of the window, soonest first within each kind; `numberOfAlerts` is their number. */
export const alertListSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  numberOfAlerts: z.number().int(),
  items: z.array(alertSchema),
});
export type AlertList = z.infer<typeof alertListSchema>;

/** The menu badge (spec §7): how many alerts the list would show. */
export const alertNotificationsSchema = z.object({ numberOfAlerts: z.number().int() });
