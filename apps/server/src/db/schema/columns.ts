import { provinces } from '@brigade/shared/address';
import { doublePrecision, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Columns many tables declare alike. Each helper returns new builders, so that no two tables share
// one. Names and types are those of the migrations: a change here is a change to every table
// using it (`npm run db:generate` shows it).

/** The key of most tables: a random UUID drawn by the database. */
export function uuidPrimaryKey() {
  return uuid('id').primaryKey().defaultRandom();
}

/** When the row was written; the database sets it. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** When the row last changed: now on insert, set by the services on every change. */
export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

/** `createdAt` and `updatedAt`, for the tables that declare them side by side. */
export function timestamps() {
  return { createdAt: createdAt(), updatedAt: updatedAt() };
}

/** French or English (a person's, a company's, a message's); French by default. */
export function language() {
  return text('language', { enum: ['fr', 'en'] })
    .notNull()
    .default('fr');
}

/**
 * Lower-case, accent-free copy of what a list's search box matches (names, phone…), written by the
 * services with the row and read through a trigram index.
 */
export function searchText() {
  return text('search_text').notNull().default('');
}

/** A postal address in Canada (a client's, a site's, a worker's home); in Québec by default. */
export function addressColumns() {
  return {
    street: text('street'),
    city: text('city'),
    province: text('province', { enum: provinces }).notNull().default('QC'),
    postalCode: text('postal_code'),
  };
}

/** A point picked on a map (a site, a worker's home), for the distances of the matching. */
export function mapPointColumns() {
  return { latitude: doublePrecision('latitude'), longitude: doublePrecision('longitude') };
}
