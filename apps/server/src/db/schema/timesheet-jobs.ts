import { sql } from 'drizzle-orm';
import { check, date, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the weekly timesheet job did for each closed pay week: when every site with hours had its
 * timesheet (made), and when the sheets of the clients sending by themselves went to their
 * supervisors (sent). A week missing here, or without its time, is still to do: the job catches up
 * after a down time from these rows.
 */
export const timesheetJobWeeks = pgTable(
  'timesheet_job_weeks',
  {
    /** The Sunday the pay week starts. */
    weekStart: date('week_start', { mode: 'string' }).primaryKey(),
    madeAt: timestamp('made_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [check('timesheet_job_weeks_sunday', sql`extract(dow from ${t.weekStart}) = 0`)],
);
