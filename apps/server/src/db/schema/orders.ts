import { assignationAnswerers, assignationStatuses, type OrderPriority } from '@brigade/shared/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { skills, tools } from './catalog.ts';
import { clients, sites } from './clients.ts';
import { timestamps, uuidPrimaryKey } from './columns.ts';
import { employees } from './employees.ts';
import { messages } from './messages.ts';
import { users } from './users.ts';

/**
 * A client's request for workers on one of its sites: how many, which trade, from when to when.
 * Its status is derived (open, partly filled, filled, in progress, done) unless cancelled.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuidPrimaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    /** The site supervisor the workers report to. */
    supervisorId: uuid('supervisor_id').references(() => users.id, { onDelete: 'set null' }),
    workersNeeded: integer('workers_needed').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    includeWeekends: boolean('include_weekends').notNull().default(false),
    /** Daily hours, minutes after midnight (quarter hours). */
    dailyStartMinute: integer('daily_start_minute').notNull(),
    dailyEndMinute: integer('daily_end_minute').notNull(),
    /** The unpaid break of a day: the shift less it is what each worker is expected to log. */
    unpaidBreakMinutes: integer('unpaid_break_minutes').notNull().default(0),
    /** Work at height, in metres; null when none. */
    heightMetres: real('height_metres'),
    priority: integer('priority').$type<OrderPriority>().notNull().default(2),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    cancelReason: text('cancel_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    check('orders_workers', sql`${t.workersNeeded} between 1 and 500`),
    check('orders_dates', sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      'orders_hours',
      sql`${t.dailyStartMinute} >= 0 and ${t.dailyEndMinute} <= 1440 and ${t.dailyStartMinute} < ${t.dailyEndMinute}`,
    ),
    check(
      'orders_unpaid_break',
      sql`${t.unpaidBreakMinutes} >= 0 and ${t.unpaidBreakMinutes} < ${t.dailyEndMinute} - ${t.dailyStartMinute}`,
    ),
    check('orders_priority', sql`${t.priority} between 1 and 3`),
    check('orders_height', sql`${t.heightMetres} is null or ${t.heightMetres} > 0`),
    index('orders_site_idx').on(t.siteId, t.startsOn),
    index('orders_client_idx').on(t.clientId, t.startsOn),
    // What is on in a range (the overview, alerts): orders not cancelled, by their days.
    index('orders_range_idx')
      .using('gist', sql`daterange(${t.startsOn}, ${t.endsOn}, '[]')`)
      .where(sql`${t.cancelledAt} is null`),
    index('orders_starts_idx').on(t.startsOn, t.id),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** The trades an order asks for; a mandatory one excludes whoever lacks it (or whose certificate ends first). */
export const orderSkills = pgTable(
  'order_skills',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'restrict' }),
    mandatory: boolean('mandatory').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.skillId] }), index('order_skills_skill_idx').on(t.skillId)],
);

export const orderTools = pgTable(
  'order_tools',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.toolId] }), index('order_tools_tool_idx').on(t.toolId)],
);

/**
 * One worker asked for one order: pending until they answer (or the office does), then confirmed,
 * declined or cancelled; a replaced one keeps its place in the history. An employee holds at most
 * one open (pending or confirmed) assignation per order.
 */
export const assignations = pgTable(
  'assignations',
  {
    id: uuidPrimaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.userId, { onDelete: 'restrict' }),
    status: text('status', { enum: assignationStatuses }).notNull().default('pending'),
    /** The Assignation SMS that asks them (pending until the office sends it). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The assignation this one replaced, if any. */
    replacesId: uuid('replaces_id'),
    /** Why a hard rule was overridden by the office (audited). */
    overrideReason: text('override_reason'),
    /** How it was answered: by SMS reply, or by the office. */
    answeredBy: text('answered_by', { enum: assignationAnswerers }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('assignations_open_key')
      .on(t.orderId, t.employeeId)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    index('assignations_order_idx').on(t.orderId, t.status),
    // An employee's open assignations (double-booking, the oldest one an SMS reply answers).
    index('assignations_employee_idx')
      .on(t.employeeId, t.createdAt)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    index('assignations_message_idx').on(t.messageId),
  ],
);
export type AssignationRow = typeof assignations.$inferSelect;

/**
 * A comment bubble on the overview wall: a short titled note pinned to one site, one order or one
 * day, seen by every admin until someone removes it.
 */
export const overviewComments = pgTable(
  'overview_comments',
  {
    id: uuidPrimaryKey(),
    title: text('title').notNull(),
    body: text('body'),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('overview_comments_one_pin', sql`num_nonnulls(${t.siteId}, ${t.orderId}, ${t.day}) = 1`),
    check('overview_comments_title', sql`char_length(${t.title}) between 1 and 60`),
    index('overview_comments_site_idx').on(t.siteId),
    index('overview_comments_order_idx').on(t.orderId),
    index('overview_comments_day_idx').on(t.day),
  ],
);
export type OverviewCommentRow = typeof overviewComments.$inferSelect;
