import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accentFreeSortKey } from '../sort-key.ts';
import { clients } from './clients.ts';
import { createdAt, language, searchText, timestamps, uuidPrimaryKey } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    /** Optional for employees (many workers have only a phone); unique whatever its case. */
    email: text('email'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['admin', 'supervisor', 'employee'] })
      .notNull()
      .default('employee'),
    language: language(),
    phone: text('phone'),
    /** Supervisors belong to a client. */
    clientId: uuid('client_id').references((): AnyPgColumn => clients.id, { onDelete: 'restrict' }),
    /** Lower-case, accent-free copy of names, e-mail and phone, for search. */
    searchText: searchText(),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /**
     * When their personal details were replaced by a pseudonym (Law 25: modules/personal-data):
     * name, contact, address and free text erased, sign-in disabled for good; hours and money kept.
     */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // E-mail addresses are unique whatever their case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_phone_idx').on(t.phone),
    // A mobile is one active person's (spec: a number belongs to one person). Archived accounts keep
    // theirs without blocking anyone. Applicants are checked by the services (modules/users/phone-owner.ts).
    uniqueIndex('users_active_phone_key').on(t.phone).where(sql`${t.active} and ${t.phone} is not null`),
    index('users_client_idx').on(t.clientId),
    index('users_role_idx').on(t.role),
    index('users_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Page orders of the people lists (search_text starts with the accent-free last and first
    // names): an index scan reads the first page without sorting everyone.
    index('users_name_order_idx').on(t.searchText, t.id),
    index('users_first_name_order_idx').on(accentFreeSortKey(t.firstName), t.searchText, t.id),
  ],
);

/** A signed-in session. The JWT carries its id, so logging out or resetting a password ends it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a full session; for a magic-link session, what it may reach ({ kind, id }). */
    scope: jsonb('scope').$type<{ kind: string; id?: string }>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset, invitation and magic-link tokens. Only a SHA-256 hash of the token is kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'magic_link', 'invitation'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: jsonb('scope').$type<{ kind: string; id?: string }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Failed sign-ins per login typed (an e-mail or a phone), whether or not an account has it, so that
 * every server process slows the same guesses down (modules/sessions/sign-in-throttle.ts). Only a hash
 * of the login is kept: the table never lists the addresses strangers tried.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    loginHash: text('login_hash').primaryKey(),
    /** Failures since the count last started over (a success, or a quiet window). */
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_last_failed_idx').on(t.lastFailedAt)],
);

/**
 * A mobile a person gave in their own profile, not yet theirs: it takes effect once they type the
 * code sent to it (modules/users/phone-change.ts). One at a time per person; only a hash of the
 * code is kept, with the wrong tries counted.
 */
export const phoneChanges = pgTable('phone_changes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;
