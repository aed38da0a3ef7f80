import { z } from 'zod';
import { isoDateSchema, optionalText } from './address.ts';
import { orderPeriodSchema, orderStaffingSchema } from './orders.ts';
import { text } from './text.ts';

// The overview wall (the admins' home): the days ahead, each site with its orders' coverage, who
// is on site today, tomorrow's unconfirmed workers, and the office's comment bubbles.

export const overviewQuerySchema = z.object({
  /** First day shown; today (Montréal) by default. */
  from: isoDateSchema.optional(),
  days: z.coerce.number().int().min(1).max(14).default(5),
});

/** Spec §5: a bubble's title is short (60 characters), legible from across the room. */
export const commentTitleMax = 60;

/** A comment bubble, pinned to exactly one of a site, an order or a day. */
export const commentInputSchema = z
  .object({
    title: text(commentTitleMax).refine((value) => value.trim().length > 0, { message: 'required' }),
    body: optionalText(1000, { multiline: true }),
    siteId: z.uuid().nullish().default(null),
    orderId: z.uuid().nullish().default(null),
    day: isoDateSchema.nullish().default(null),
  })
  .refine((comment) => [comment.siteId, comment.orderId, comment.day].filter(Boolean).length === 1, {
    path: ['siteId'],
    message: 'one_pin',
  });
export type CommentInput = z.input<typeof commentInputSchema>;
/** An edit changes the words, not where the bubble is pinned. */
export const commentUpdateSchema = z.object({
  title: text(commentTitleMax).refine((value) => value.trim().length > 0, { message: 'required' }),
  body: optionalText(1000, { multiline: true }),
});
export type CommentUpdate = z.input<typeof commentUpdateSchema>;

export const overviewCommentSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  siteId: z.string().nullable(),
  orderId: z.string().nullable(),
  day: z.string().nullable(),
  author: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OverviewComment = z.infer<typeof overviewCommentSchema>;

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const overviewOrderSchema = z.object({
  id: z.string(),
  priority: z.number().int(),
  ...orderPeriodSchema.shape,
  ...orderStaffingSchema.shape,
  /** The trades asked for, by name. */
  skills: z.array(z.object({ nameFr: z.string(), nameEn: z.string() })),
  /** Which of the days shown the order works (weekends only when it includes them). */
  days: z.array(z.string()),
});
export type OverviewOrder = z.infer<typeof overviewOrderSchema>;

export const overviewSiteSchema = z.object({
  site: z.object({ id: z.string(), name: z.string(), city: z.string().nullable() }),
  client: z.object({ id: z.string(), name: z.string() }),
  orders: z.array(overviewOrderSchema),
  /**
   * How many workers are confirmed on an order working here today: a number the wall shows; who
   * they are is one click away on the site's map page (hundreds of names on 2,000 orders would
   * weigh more than the whole wall).
   */
  onSiteToday: z.number().int(),
});
export type OverviewSite = z.infer<typeof overviewSiteSchema>;

export const overviewSchema = z.object({
  today: z.string(),
  days: z.array(z.string()),
  sites: z.array(overviewSiteSchema),
  /** Asked for an order that starts tomorrow and not confirmed yet: someone should call them. */
  tomorrowUnconfirmed: z.array(
    z.object({
      assignationId: z.string(),
      orderId: z.string(),
      siteName: z.string(),
      dailyStart: z.string(),
      employee: person.extend({ phone: z.string().nullable() }),
    }),
  ),
  comments: z.array(overviewCommentSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
