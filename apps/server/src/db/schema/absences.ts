import { absenceTypes, holidayCalendars } from '@brigade/shared/enums';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients, sites } from './clients.ts';
import { createdAt, timestamps, uuidPrimaryKey } from './columns.ts';
import { employees } from './employees.ts';
import { users } from './users.ts';

/**
 * Days an employee is away (sick, vacation…), or a blacklist: never send them to this client (or
 * this site of it) again. Two away periods of one employee never overlap: an exclusion constraint
 * added by hand in migration 0009 (drizzle cannot declare one) guards it even against two writes
 * at once; the service checks first to name the absence in the way.
 */
export const absences = pgTable(
  'absences',
  {
    id: uuidPrimaryKey(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.userId, { onDelete: 'restrict' }),
    type: text('type', { enum: absenceTypes }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** Last day away, included. Null only for a blacklist (no end). */
    endsOn: date('ends_on', { mode: 'string' }),
    /** Part of the day only: from–to in minutes after midnight (15-minute steps); null = whole day. */
    fromMinute: integer('from_minute'),
    toMinute: integer('to_minute'),
    /** A blacklist's client, and optionally one of its sites. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    check('absences_end_after_start', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check('absences_end_unless_blacklist', sql`${t.type} = 'blacklist' or ${t.endsOn} is not null`),
    check('absences_blacklist_client', sql`(${t.type} = 'blacklist') = (${t.clientId} is not null)`),
    check('absences_site_needs_client', sql`${t.siteId} is null or ${t.clientId} is not null`),
    check(
      'absences_part_day',
      sql`(${t.fromMinute} is null and ${t.toMinute} is null) or (${t.fromMinute} >= 0 and ${t.toMinute} <= 1440 and ${t.fromMinute} < ${t.toMinute})`,
    ),
    // Who is away on a day (the availability rule, the dashboard, the calendar): ranges by start.
    // Read from the end: what is not over yet at a day is few rows, however long the history.
    index('absences_period_idx').on(t.endsOn, t.startsOn).where(sql`${t.type} <> 'blacklist'`),
    // Who is away during a range (availability, the calendar): the days away as ranges.
    index('absences_range_idx')
      .using('gist', sql`daterange(${t.startsOn}, ${t.endsOn}, '[]')`)
      .where(sql`${t.type} <> 'blacklist'`),
    // The list by start, either way (and the "upcoming" and "past" parts of its default order).
    index('absences_starts_idx').on(t.startsOn, t.id),
    index('absences_employee_idx').on(t.employeeId, t.startsOn),
    // The blacklists, few among many days away: listed by their start, found by client.
    index('absences_blacklists_idx').on(t.startsOn, t.id).where(sql`${t.type} = 'blacklist'`),
    index('absences_client_idx').on(t.clientId).where(sql`${t.clientId} is not null`),
    index('absences_site_idx').on(t.siteId).where(sql`${t.siteId} is not null`),
  ],
);
export type AbsenceRow = typeof absences.$inferSelect;

/**
 * What the office changed in a computed holiday calendar: a holiday moved to another day (an
 * agreement that moves Canada Day to a Monday), removed, or a company day added. Computed days are
 * never stored; these rows are applied over them.
 */
export const holidayOverrides = pgTable(
  'holiday_overrides',
  {
    id: uuidPrimaryKey(),
    calendar: text('calendar', { enum: holidayCalendars }).notNull(),
    year: integer('year').notNull(),
    kind: text('kind', { enum: ['move', 'remove', 'add'] }).notNull(),
    /** The computed holiday moved or removed. */
    holidayKey: text('holiday_key'),
    /** The new day (move) or the company day (add). */
    date: date('date', { mode: 'string' }),
    nameFr: text('name_fr'),
    nameEn: text('name_en'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'holiday_overrides_shape',
      sql`(${t.kind} = 'move' and ${t.holidayKey} is not null and ${t.date} is not null)
        or (${t.kind} = 'remove' and ${t.holidayKey} is not null and ${t.date} is null)
        or (${t.kind} = 'add' and ${t.holidayKey} is null and ${t.date} is not null and ${t.nameFr} is not null and ${t.nameEn} is not null)`,
    ),
    uniqueIndex('holiday_overrides_holiday_key')
      .on(t.calendar, t.year, t.holidayKey)
      .where(sql`${t.holidayKey} is not null`),
    uniqueIndex('holiday_overrides_added_day_key').on(t.calendar, t.date).where(sql`${t.kind} = 'add'`),
  ],
);
export type HolidayOverrideRow = typeof holidayOverrides.$inferSelect;
