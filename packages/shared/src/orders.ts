import { z } from 'zod';
import { timeToMinutes } from './absences.ts';
import { isoDateSchema, optionalText } from './address.ts';
import {
  type AssignationStatus,
  assignationAnswerers,
  assignationStatuses,
  type OrderStatus,
  orderPriorities,
  orderStatuses,
} from './enums.ts';
import { listQuerySchema, pageSchema } from './list.ts';
import { workDays } from './matching.ts';
import { whenValid } from './refine.ts';
import { searchQuerySchema, text } from './text.ts';

// Schemas of the orders domain (a client's request for workers on a site) and its assignations,
// shared by the API routes, the web forms and the tests.

export {
  type AssignationStatus,
  assignationStatuses,
  type OrderPriority,
  type OrderStatus,
  orderPriorities,
  orderStatuses,
} from './enums.ts';

/** "HH:mm" on a quarter hour (spec §5), required. */
const quarterHour = text(5).superRefine((value, ctx) => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!value) ctx.addIssue({ code: 'custom', message: 'required' });
  else if (!match || Number(match[2]) >= 60 || timeToMinutes(value) > 1440) {
    ctx.addIssue({ code: 'custom', message: 'invalid_time' });
  } else if (timeToMinutes(value) % 15 !== 0) ctx.addIssue({ code: 'custom', message: 'quarter_hour' });
});

export const orderSkillInputSchema = z.object({
  skillId: z.uuid({ message: 'required' }),
  /** A mandatory skill excludes whoever lacks it, or whose certificate ends before the order. */
  mandatory: z.boolean().default(false),
});

/** An order's priority: 1 urgent, 2 normal, 3 low. */
export const orderPrioritySchema = z.literal(orderPriorities);

/**
 * An order as written (POST and PUT: the whole record). The server also checks what needs the
 * database: the site is one of the client's active sites, the supervisor one of the site's, a new
 * start is not in the past (Montréal time).
 */
export const orderInputSchema = z
  .object({
    clientId: z.uuid({ message: 'required' }),
    siteId: z.uuid({ message: 'required' }),
    supervisorId: z.uuid().nullish().default(null),
    skills: z.array(orderSkillInputSchema).min(1, { message: 'required' }).max(20),
    toolIds: z.array(z.uuid()).max(50).default([]),
    workersNeeded: z.number().int().min(1).max(500),
    startsOn: isoDateSchema,
    endsOn: isoDateSchema,
    includeWeekends: z.boolean().default(false),
    dailyStart: quarterHour,
    dailyEnd: quarterHour,
    /**
     * The unpaid break of a day, in minutes (quarter hours): the shift less it is what each worker
     * is expected to log (hour alerts). Left out, the usual meal break: 30 minutes past 5 hours.
     */
    unpaidBreakMinutes: z
      .number()
      .int()
      .min(0)
      .max(240)
      .multipleOf(15, { message: 'quarter_hour' })
      .optional(),
    /** Work at height in metres; null when none. */
    heightMetres: z.number().positive().max(500).nullish().default(null),
    priority: orderPrioritySchema.default(2),
    notes: optionalText(2000, { multiline: true }),
  })
  .refine((order) => order.endsOn >= order.startsOn, {
    path: ['endsOn'],
    message: 'end_before_start',
    ...whenValid('startsOn', 'endsOn'),
  })
  // A Saturday-only order with the weekends left out has nothing to fill: it showed as places to
  // fill in the alerts and on the map, and no worker could ever be asked for it.
  .refine((order) => order.endsOn < order.startsOn || workDays(order).length > 0, {
    path: ['includeWeekends'],
    message: 'no_working_day',
    ...whenValid('startsOn', 'endsOn', 'includeWeekends'),
  })
  .refine((order) => timeToMinutes(order.dailyEnd) > timeToMinutes(order.dailyStart), {
    path: ['dailyEnd'],
    message: 'end_time_before_start',
    ...whenValid('dailyStart', 'dailyEnd'),
  })
  .refine(
    (order) =>
      order.unpaidBreakMinutes === undefined ||
      order.unpaidBreakMinutes < timeToMinutes(order.dailyEnd) - timeToMinutes(order.dailyStart),
    {
      path: ['unpaidBreakMinutes'],
      message: 'break_too_long',
      ...whenValid('dailyStart', 'dailyEnd', 'unpaidBreakMinutes'),
    },
  )
  .superRefine((order, ctx) => {
    const seen = new Set<string>();
    order.skills.forEach((skill, index) => {
      if (seen.has(skill.skillId)) {
        ctx.addIssue({ code: 'custom', path: ['skills', index, 'skillId'], message: 'duplicate' });
      }
      seen.add(skill.skillId);
    });
  }, whenValid('skills'));
/**
 * The break an order gets when none is said: Québec's labour standards give a 30-minute meal break
 * after 5 hours of work (the time logger offers 30 minutes too); a shorter shift has none.
 */
export function defaultUnpaidBreakMinutes(startMinute: number, endMinute: number): number {
  return endMinute - startMinute > 5 * 60 ? 30 : 0;
}

export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderInputParsed = z.output<typeof orderInputSchema>;

/** Cancelling an order cancels its open assignations and tells the workers already asked. */
export const orderCancelSchema = z.object({ reason: optionalText(500) });

export const orderSortable = ['startsOn', 'priority', 'client', 'site'] as const;
export const orderListQuerySchema = listQuerySchema(orderSortable, 'startsOn').extend({
  clientId: z.uuid().optional(),
  siteId: z.uuid().optional(),
  status: z.enum(orderStatuses).optional(),
  priority: z.enum(['1', '2', '3']).transform(Number).pipe(orderPrioritySchema).optional(),
  /** Orders that touch the period from–to. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });

// Parts of an order that its summaries (the orders list, the overview, the dashboards, the
// matching) show alike; each spreads their `.shape` where its fields stand.

/** The days an order works, and its daily hours (HH:mm). */
export const orderPeriodSchema = z.object({
  startsOn: z.string(),
  endsOn: z.string(),
  dailyStart: z.string(),
  dailyEnd: z.string(),
});

/** How many workers an order needs, how many confirmed, how many are asked and yet to answer. */
export const orderStaffingSchema = z.object({
  workersNeeded: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
});

/** A trade an order asks for, by name. */
export const orderSkillNameSchema = z.object({
  skillId: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  mandatory: z.boolean(),
});

export const orderListItemSchema = z.object({
  id: z.string(),
  client: named,
  site: named.extend({ city: z.string().nullable() }),
  ...orderPeriodSchema.shape,
  ...orderStaffingSchema.shape,
  priority: orderPrioritySchema,
  status: z.enum(orderStatuses),
  /** The trades asked for, by name, mandatory first. */
  skills: z.array(orderSkillNameSchema),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;
export const orderPageSchema = pageSchema(orderListItemSchema);

export const assignationSchema = z.object({
  id: z.string(),
  employee: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    language: z.enum(['fr', 'en']),
  }),
  status: z.enum(assignationStatuses),
  /** The Assignation SMS: its status (pending until the office sends it), if one was written. */
  message: z.object({ id: z.string(), status: z.string() }).nullable(),
  overrideReason: z.string().nullable(),
  answeredBy: z.enum(assignationAnswerers).nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Assignation = z.infer<typeof assignationSchema>;

export const orderDetailSchema = orderListItemSchema.extend({
  supervisor: z
    .object({ id: z.string(), firstName: z.string(), lastName: z.string(), phone: z.string().nullable() })
    .nullable(),
  includeWeekends: z.boolean(),
  /** The unpaid break of a day, in minutes. */
  unpaidBreakMinutes: z.number().int(),
  heightMetres: z.number().nullable(),
  notes: z.string().nullable(),
  tools: z.array(z.object({ toolId: z.string(), nameFr: z.string(), nameEn: z.string() })),
  site: named.extend({ city: z.string().nullable(), street: z.string().nullable() }),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  assignations: z.array(assignationSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * The status of an order on `today` (spec: ouverte, partiellement comblée, comblée, en cours,
 * terminée, annulée): cancelled wins; then the calendar (done after its last day, in progress from
 * its first); before it starts, how many confirmed against how many asked.
 */
export function orderStatus(
  order: { startsOn: string; endsOn: string; workersNeeded: number; cancelled: boolean },
  confirmed: number,
  today: string,
): OrderStatus {
  if (order.cancelled) return 'cancelled';
  if (today > order.endsOn) return 'done';
  if (today >= order.startsOn) return 'in_progress';
  if (confirmed >= order.workersNeeded) return 'filled';
  return confirmed > 0 ? 'partial' : 'open';
}

/** The assignations that hold a place on their order. */
export function holdsPlace(status: AssignationStatus): boolean {
  return status === 'pending' || status === 'confirmed';
}

/** One candidate of `GET /orders/:id/candidates`: who, the rule that leaves them out (if any), the score and reasons. */
export const candidateSchema = z.object({
  employee: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    employeeNumber: z.string(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    status: z.string(),
  }),
  excluded: z.record(z.string(), z.unknown()).nullable(),
  score: z.number(),
  reasons: z.array(z.record(z.string(), z.unknown())),
  /** Already on this order (pending or confirmed). */
  assigned: z.boolean(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const candidatesQuerySchema = z.object({
  /** Also list those a hard rule leaves out (greyed, with the reason). */
  excluded: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /**
   * Only those whose name (first and last, in any order, accents and case aside), number, phone or
   * e-mail hold every word: searched in the whole ranked list, not in the page loaded.
   */
  q: searchQuerySchema.optional(),
});
export const candidatesSchema = z.object({ total: z.number().int(), items: z.array(candidateSchema) });

/**
 * The realtime event `assignation_changed`, sent to the admins whenever an assignation is created,
 * answered (by SMS or the office), cancelled or replaced: the overview and the matching screens
 * refresh at once.
 */
export interface AssignationChangedEvent {
  orderId: string;
  assignationId: string;
  status: AssignationStatus;
}
