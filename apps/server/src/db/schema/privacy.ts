import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { searchText, timestamps, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * The person in charge of the protection of personal information (Law 25, s. 3.1): one row at
 * most (`singleton` is always true and unique), written by an admin, read by the public privacy
 * page and by every e-mail's footer.
 */
export const privacyOfficer = pgTable(
  'privacy_officer',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    name: text('name').notNull(),
    title: text('title').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('privacy_officer_singleton', sql`${t.singleton}`)],
);

/**
 * The register of confidentiality incidents (Law 25, s. 3.8): kept (no deletion), every change
 * audited. `number` is its place in the register.
 */
export const privacyIncidents = pgTable(
  'privacy_incidents',
  {
    id: uuidPrimaryKey(),
    number: serial('number').notNull().unique(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    discoveredOn: date('discovered_on', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    personalInformation: text('personal_information').notNull(),
    affectedCount: integer('affected_count'),
    affectedPeople: text('affected_people'),
    seriousInjuryRisk: boolean('serious_injury_risk').notNull(),
    riskAssessment: text('risk_assessment'),
    commissionNotifiedOn: date('commission_notified_on', { mode: 'string' }),
    peopleNotifiedOn: date('people_notified_on', { mode: 'string' }),
    measures: text('measures'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'restrict' }),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    index('privacy_incidents_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('privacy_incidents_dates', sql`${t.discoveredOn} >= ${t.occurredOn}`),
  ],
);
