import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who opened a person's sensitive records (Law 25, issue 30): their file, an applicant's CV, a
 * health-related absence, the export of their data. Never updated, never deleted; the person is
 * named by kind and id (no foreign key: the line outlives a deleted record).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    subjectKind: text('subject_kind', { enum: ['employee', 'applicant', 'supervisor'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    what: text('what', { enum: ['file', 'cv', 'health_absence', 'export'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_log_subject_idx').on(t.subjectId, t.at), index('access_log_actor_idx').on(t.actorId)],
);

/**
 * A number's texting consent over time (CASL, Law 25): every opt-out and opt-in, with its word and
 * where it came from. `sms_opt_outs` says who is opted out now; this says since when and how.
 */
export const smsConsentEvents = pgTable(
  'sms_consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    kind: text('kind', { enum: ['opt_out', 'opt_in'] }).notNull(),
    /** The word received ("ARRET", "START"…). */
    keyword: text('keyword'),
    /** `sms`: a text from the number itself. */
    source: text('source', { enum: ['sms'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_consent_events_phone_idx').on(t.phone, t.at),
    check('sms_consent_events_kind', sql`${t.kind} in ('opt_out', 'opt_in')`),
  ],
);
