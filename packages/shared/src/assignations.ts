import { z } from 'zod';
import { isoDateSchema, optionalText } from './address.ts';
import { assignationStatuses } from './enums.ts';
import { listQuerySchema, pageSchema } from './list.ts';
import { assignationSchema, orderPeriodSchema } from './orders.ts';
import { text } from './text.ts';

// Schemas of the assignations (one worker asked for one order): created from the matching screen,
// answered by the worker's SMS reply or by the office, cancelled, replaced.

/** Why the office overrides a hard rule: written, at least a few words, audited. */
const overrideReason = text(500).refine((value) => value.trim().length >= 5, { message: 'too_short' });

/** Pick N people → N pending assignations, each with its pending Assignation SMS. */
export const assignInputSchema = z.object({
  employeeIds: z.array(z.uuid()).min(1, { message: 'required' }).max(100),
  /** Needed to assign someone a hard rule leaves out (ASSIGNATION_EXCLUDED otherwise). */
  overrideReason: overrideReason.optional(),
});
export type AssignInput = z.input<typeof assignInputSchema>;

/** Replaces one assignation by another worker: the old one becomes "replaced", the new one is pending. */
export const replaceInputSchema = z.object({
  employeeId: z.uuid({ message: 'required' }),
  overrideReason: overrideReason.optional(),
});
export type ReplaceInput = z.input<typeof replaceInputSchema>;

/**
 * The office answers for the worker (they phoned), or cancels. From a reply left to handle
 * (`replyId`: the worker's SMS), that reply is handled with it and the worker is texted the answer,
 * as when their reply is read by itself.
 */
export const answerInputSchema = z.object({
  answer: z.enum(['confirmed', 'declined']),
  replyId: z.uuid().optional(),
});
export const assignationCancelSchema = z.object({ reason: optionalText(500) });
export const bulkConfirmSchema = z.object({ ids: z.array(z.uuid()).min(1).max(200) });

/** An assignation with what the matching list shows: the order, its site and client, by day. */
export const assignationListItemSchema = assignationSchema.extend({
  order: z.object({
    id: z.string(),
    ...orderPeriodSchema.shape,
    priority: z.number().int(),
    workersNeeded: z.number().int(),
    cancelled: z.boolean(),
  }),
  site: z.object({ id: z.string(), name: z.string(), city: z.string().nullable() }),
  client: z.object({ id: z.string(), name: z.string() }),
});
export type AssignationListItem = z.infer<typeof assignationListItemSchema>;

export const assignationSortable = ['startsOn', 'site', 'employee', 'status'] as const;
export const assignationListQuerySchema = listQuerySchema(assignationSortable, 'startsOn').extend({
  /** Assignations whose order touches the period from–to (default: from today on). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  clientId: z.uuid().optional(),
  siteId: z.uuid().optional(),
  orderId: z.uuid().optional(),
  employeeId: z.uuid().optional(),
  status: z.enum(assignationStatuses).optional(),
});
export type AssignationListQuery = z.input<typeof assignationListQuerySchema>;
export const assignationPageSchema = pageSchema(assignationListItemSchema);

export const assignOutcomeSchema = z.object({ created: z.array(assignationSchema) });
export const bulkConfirmOutcomeSchema = z.object({
  confirmed: z.array(z.string()),
  /** Those that were not pending any more, with their status. */
  skipped: z.array(z.object({ id: z.string(), status: z.enum(assignationStatuses) })),
});

/** One event of an order's timeline (read from the audit log): who did what, when. */
export const timelineEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The worker concerned, for an assignation's event. */
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** What the event says beyond its action: the new status, the reason, by SMS or by the office. */
  details: z.record(z.string(), z.unknown()),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export const timelineSchema = z.object({ items: z.array(timelineEventSchema) });

/**
 * One of the worker's own assignations as their home shows it ("Mes affectations"): where, when,
 * who to call. A pending one is an offer they were sent and may accept or decline from the app.
 */
export const myAssignationSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'confirmed']),
  orderId: z.string(),
  ...orderPeriodSchema.shape,
  includeWeekends: z.boolean(),
  /** The days it works from today on, within the window the list covers. */
  days: z.array(z.string()),
  client: z.object({ id: z.string(), name: z.string() }),
  site: z.object({
    id: z.string(),
    name: z.string(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string(),
    postalCode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  /** Who the worker reports to on the site, to call. */
  supervisor: z
    .object({ firstName: z.string(), lastName: z.string(), phone: z.string().nullable() })
    .nullable(),
  /** When the offer was sent (a pending one). */
  askedAt: z.string().nullable(),
});
export type MyAssignation = z.infer<typeof myAssignationSchema>;

export const myAssignationsSchema = z.object({
  /** Today and the last day of the window the confirmed ones are listed for (two weeks). */
  from: z.string(),
  to: z.string(),
  confirmed: z.array(myAssignationSchema),
  /** Offers waiting for the worker's answer, whenever their order starts. */
  pending: z.array(myAssignationSchema),
});
export type MyAssignations = z.infer<typeof myAssignationsSchema>;
