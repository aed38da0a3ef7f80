import { siteTypes } from '@brigade/shared/clients';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accentFreeSortKey } from '../sort-key.ts';
import {
  addressColumns,
  language,
  mapPointColumns,
  searchText,
  timestamps,
  uuidPrimaryKey,
} from './columns.ts';

/** A company the agency places workers with. */
export const clients = pgTable(
  'clients',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    ...addressColumns(),
    language: language(),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    /**
     * "Envoi automatique": the timesheets the weekly job makes for its sites go to their supervisors
     * by themselves on Monday morning; otherwise the office sends them.
     */
    timesheetAutoSend: boolean('timesheet_auto_send').notNull().default(false),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    // Unique whatever its case and accents ("Berube" is "Bérubé"); also the list's default order.
    uniqueIndex('clients_name_key').on(accentFreeSortKey(t.name)),
    index('clients_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A job site of a client. Its status is derived: active until its end date has passed, or archived. */
export const sites = pgTable(
  'sites',
  {
    id: uuidPrimaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references((): AnyPgColumn => clients.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    ...addressColumns(),
    ...mapPointColumns(),
    po: text('po'),
    jobNumber: text('job_number'),
    type: text('type', { enum: siteTypes }).notNull().default('aucun'),
    adminHoursName: text('admin_hours_name'),
    adminHoursEmail: text('admin_hours_email'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    comments: text('comments'),
    archived: boolean('archived').notNull().default(false),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    // Unique within the client whatever its case and accents.
    uniqueIndex('sites_client_name_key').on(t.clientId, accentFreeSortKey(t.name)),
    index('sites_client_idx').on(t.clientId),
    // The sites list's default order.
    index('sites_name_order_idx').on(accentFreeSortKey(t.name), t.id),
    index('sites_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check(
      'sites_end_not_before_start',
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;
