import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accentFreeSortKey } from '../sort-key.ts';

/** A trade skill or certificate (CCQ card, ASP construction, fall protection…). */
export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    /** Held with an expiry date (a certificate to renew). */
    expirable: boolean('expirable').notNull().default(false),
    /** Shown first when matching workers to orders. */
    important: boolean('important').notNull().default(false),
    active: boolean('active').notNull().default(true),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique whatever their case and accents ("Soudure a l'arc" is "Soudure à l'arc").
    uniqueIndex('skills_name_fr_key').on(accentFreeSortKey(t.nameFr)),
    uniqueIndex('skills_name_en_key').on(accentFreeSortKey(t.nameEn)),
    index('skills_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A tool a worker may own (and an order may require). */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tools_name_fr_key').on(accentFreeSortKey(t.nameFr)),
    uniqueIndex('tools_name_en_key').on(accentFreeSortKey(t.nameEn)),
    index('tools_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type SkillRow = typeof skills.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
