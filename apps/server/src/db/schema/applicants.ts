import { applicantSources, applicantStatuses, ccqCardLevels } from '@brigade/shared/enums';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { skills } from './catalog.ts';
import { language, searchText, timestamps, uuidPrimaryKey } from './columns.ts';
import { employees } from './employees.ts';
import { users } from './users.ts';

/** A person who may become one of the agency's workers: from first call to hire. */
export const applicants = pgTable(
  'applicants',
  {
    id: uuidPrimaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Mobile, E.164. */
    phone: text('phone').notNull(),
    email: text('email'),
    language: language(),
    city: text('city'),
    yearsOfExperience: integer('years_of_experience'),
    ccqCardNumber: text('ccq_card_number'),
    ccqCardLevel: text('ccq_card_level', { enum: ccqCardLevels }),
    ccqCardExpiresOn: date('ccq_card_expires_on', { mode: 'string' }),
    availableOn: date('available_on', { mode: 'string' }),
    source: text('source', { enum: applicantSources }).notNull().default('other'),
    status: text('status', { enum: applicantStatuses }).notNull().default('new'),
    notes: text('notes'),
    /** The CV in storage (STORAGE): its key, the name it was uploaded with, its type and size. */
    cvKey: text('cv_key'),
    cvFileName: text('cv_file_name'),
    cvContentType: text('cv_content_type'),
    cvSize: integer('cv_size'),
    /** The employee this applicant became (Hire). */
    employeeId: uuid('employee_id').references(() => employees.userId, { onDelete: 'set null' }),
    /** Accent-free "last first phone email city", for search. */
    searchText: searchText(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    /** When their personal details were replaced by a pseudonym (Law 25: modules/personal-data). */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check(
      'applicants_experience',
      sql`${t.yearsOfExperience} is null or ${t.yearsOfExperience} between 0 and 70`,
    ),
    index('applicants_status_idx').on(t.status, t.updatedAt),
    index('applicants_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('applicants_phone_idx').on(t.phone),
    uniqueIndex('applicants_employee_key').on(t.employeeId).where(sql`${t.employeeId} is not null`),
  ],
);
export type ApplicantRow = typeof applicants.$inferSelect;

export const applicantSkills = pgTable(
  'applicant_skills',
  {
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicantId, t.skillId] }),
    index('applicant_skills_skill_idx').on(t.skillId),
  ],
);

/** Every status change of an applicant: who, when, from what to what, and why. Never updated. */
export const applicantStatusChanges = pgTable(
  'applicant_status_changes',
  {
    id: uuidPrimaryKey(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: applicantStatuses }),
    toStatus: text('to_status', { enum: applicantStatuses }).notNull(),
    note: text('note'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'restrict' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('applicant_status_changes_applicant_idx').on(t.applicantId, t.changedAt)],
);
