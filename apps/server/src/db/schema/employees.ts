import { employeeStatuses } from '@brigade/shared/employees';
import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accentFreeSortKey } from '../sort-key.ts';
import { skills, tools } from './catalog.ts';
import { addressColumns, mapPointColumns, timestamps } from './columns.ts';
import { users } from './users.ts';

/** What the agency knows of a worker, beside their account (users row, role employee). */
export const employees = pgTable(
  'employees',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    employeeNumber: text('employee_number').notNull(),
    ...addressColumns(),
    /** Home, picked on a map like a site: the distance to a site counts in the matching. */
    ...mapPointColumns(),
    status: text('status', { enum: employeeStatuses }).notNull().default('disponible'),
    fearOfHeights: boolean('fear_of_heights').notNull().default(false),
    /** End of the agency's replacement guarantee to the client. */
    warrantyUntil: date('warranty_until', { mode: 'string' }),
    notes: text('notes'),
    /**
     * Copies of the account's users.search_text (accent-free "last name first name …") and
     * users.active, kept by triggers (migrations 0003 and 0004), so that a page of the list sorted
     * by an employees column is read from one index of this table alone. Never written by the
     * application.
     */
    sortName: text('sort_name').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('employees_number_lower_key').on(sql`lower(${t.employeeNumber})`),
    index('employees_status_idx').on(t.status),
    index('employees_city_idx').on(t.city),
    // Page orders of the employees list, both directions with the blanks last (see listEmployees).
    index('employees_city_order_idx').on(accentFreeSortKey(t.city)),
    index('employees_city_desc_order_idx').on(sql`${accentFreeSortKey(t.city)} desc nulls last`),
    index('employees_warranty_order_idx').on(t.warrantyUntil),
    index('employees_warranty_desc_order_idx').on(t.warrantyUntil.desc().nullsLast()),
    // Sorted by status then name: read forwards, or backwards for descending; the active workers
    // (what the list shows by default) have their own, so a deep page is an index-only scan.
    index('employees_status_order_idx').on(t.status, t.sortName, t.userId),
    index('employees_active_status_order_idx').on(t.status, t.sortName, t.userId).where(sql`${t.active}`),
  ],
);

export const employeeSkills = pgTable(
  'employee_skills',
  {
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.userId, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'restrict' }),
    obtainedOn: date('obtained_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.skillId] }),
    index('employee_skills_skill_idx').on(t.skillId, t.expiresOn),
  ],
);

export const employeeTools = pgTable(
  'employee_tools',
  {
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.userId, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.toolId] }), index('employee_tools_tool_idx').on(t.toolId)],
);

export type EmployeeRow = typeof employees.$inferSelect;
