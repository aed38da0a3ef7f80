import { timesheetEventKinds, timesheetStatuses } from '@brigade/shared/enums';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './clients.ts';
import { createdAt, timestamps, updatedAt, uuidPrimaryKey } from './columns.ts';
import { employees } from './employees.ts';
import { users } from './users.ts';

/**
 * Hours a worker did on a site from one day's start time, in quarter hours, less an unpaid break,
 * with what they paid to park. A night shift (22:00–06:00) is one entry of the day it starts, its
 * end past 24:00 (30:00). Hours are the money (the worker's pay, the client's invoice): two entries
 * of one worker never overlap, across midnight too (an exclusion constraint on their real time
 * ranges, `time_entry_span`, added by hand in migration 0013, guards it against two writes at once;
 * the service checks first to name the entry in the way), and an entry sent twice by a phone that
 * lost the network is written once (its idempotency key).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuidPrimaryKey(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.userId, { onDelete: 'restrict' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    /**
     * The local calendar day (America/Toronto) the hours start: a night shift counts on it (its
     * pay week, its day's total and overtime, its site's timesheet, the hour alerts).
     */
    workDate: date('work_date', { mode: 'string' }).notNull(),
    /**
     * Minutes after the work day's midnight, quarter hours, as the clock shows them: the start
     * before 24:00, the end after the start and up to 24 h after it (past 1440 on the next day).
     */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    /**
     * Worked minutes: the real time from start to end less the break, computed by the database so
     * it can never disagree (`time_entry_minutes`, migration 0013: the clock's span, but 9 h for a
     * 22:00–06:00 the night the clocks go back and 7 h the night they go forward).
     */
    minutes: integer('minutes')
      .notNull()
      .generatedAlwaysAs(sql`time_entry_minutes(work_date, start_minute, end_minute, break_minutes)`),
    /** Parking paid, in cents (0–1,000 $). */
    parkingCents: integer('parking_cents').notNull().default(0),
    comment: text('comment'),
    /** Sent by the phone with the entry: the same key twice is the same entry. */
    idempotencyKey: uuid('idempotency_key'),
    /** A supervisor refused this line of the week's timesheet, with why. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'time_entries_quarters',
      sql`${t.startMinute} % 15 = 0 and ${t.endMinute} % 15 = 0 and ${t.breakMinutes} % 15 = 0`,
    ),
    check(
      'time_entries_hours',
      sql`${t.startMinute} >= 0 and ${t.startMinute} < 1440 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} - ${t.startMinute} <= 1440 and ${t.breakMinutes} >= 0 and ${t.minutes} > 0`,
    ),
    check('time_entries_parking', sql`${t.parkingCents} between 0 and 100000`),
    uniqueIndex('time_entries_idempotency_idx').on(t.employeeId, t.idempotencyKey),
    // A worker's weeks (the time entries screen, hour alerts) and a site's week (its timesheet).
    index('time_entries_employee_idx').on(t.employeeId, t.workDate),
    index('time_entries_site_idx').on(t.siteId, t.workDate),
    index('time_entries_date_idx').on(t.workDate),
  ],
);
export type TimeEntryRow = typeof timeEntries.$inferSelect;

/**
 * An entry's real time range (`time_entry_span`, migration 0013: its day's clock times read in
 * America/Toronto), as the exclusion constraint compares entries: a query that asks the same uses
 * its index.
 */
export const timeEntrySpan = (workDate: SQLWrapper, startMinute: SQLWrapper, endMinute: SQLWrapper) =>
  sql`time_entry_span(${workDate}, ${startMinute}, ${endMinute})`;

/** A photo of a parking receipt, re-encoded without its EXIF (where and when it was taken). */
export const timeEntryPhotos = pgTable(
  'time_entry_photos',
  {
    id: uuidPrimaryKey(),
    timeEntryId: uuid('time_entry_id')
      .notNull()
      .references(() => timeEntries.id, { onDelete: 'cascade' }),
    /** The file's storage key ("receipt/<uuid>"); a thumbnail beside it ("thumb/<uuid>"). */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('time_entry_photos_entry_idx').on(t.timeEntryId)],
);

/**
 * One site's week (Sunday to Saturday, the Québec construction pay week) as sent to its supervisor
 * for approval. Its lines are the week's time entries on the site; the approval records who, when,
 * from where. An admin's change after approval reopens it (the approval stays in its events).
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuidPrimaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    /** The Sunday the week starts. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status', { enum: timesheetStatuses }).notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The approver's name as it was then (printed on the PDF). */
    approvedByName: text('approved_by_name'),
    approvedIp: inet('approved_ip'),
    approvedUserAgent: text('approved_user_agent'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('timesheets_sunday', sql`extract(dow from ${t.weekStart}) = 0`),
    uniqueIndex('timesheets_site_week_idx').on(t.siteId, t.weekStart),
    index('timesheets_week_idx').on(t.weekStart),
  ],
);
export type TimesheetRow = typeof timesheets.$inferSelect;

/** What happened to a timesheet: sent, approved, a line rejected, reopened by an admin's change. */
export const timesheetEvents = pgTable(
  'timesheet_events',
  {
    id: uuidPrimaryKey(),
    timesheetId: uuid('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: timesheetEventKinds }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The kind's details: the recipients of a send, the approval's IP and browser, a rejection's reason. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('timesheet_events_sheet_idx').on(t.timesheetId, t.at)],
);
