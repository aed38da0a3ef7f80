import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * Each pay week a payroll export carried (issue 28): who exported it, when, and how many lines the
 * week had. A week found here is exported again only once the office confirms it (the payroll
 * report answers 409 PAYROLL_ALREADY_EXPORTED otherwise). Kept for good, one row per export.
 */
export const payrollExports = pgTable(
  'payroll_exports',
  {
    id: uuidPrimaryKey(),
    /** The Sunday the pay week starts. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    exportedBy: uuid('exported_by').references(() => users.id, { onDelete: 'set null' }),
    exportedAt: createdAt(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    index('payroll_exports_week_idx').on(t.weekStart),
    check('payroll_exports_sunday', sql`extract(dow from ${t.weekStart}) = 0`),
  ],
);
