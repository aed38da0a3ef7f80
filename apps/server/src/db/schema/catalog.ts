import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accentFreeSortKey } from '../sort-key.ts';
import { searchText, timestamps, uuidPrimaryKey } from './columns.ts';

/** A trade skill or certificate (CCQ card, ASP construction, fall protection…). */
export const skills = pgTable(
  'skills',
  {
    id: uuidPrimaryKey(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    /** Held with an expiry date (a certificate to renew). */
    expirable: boolean('expirable').notNull().default(false),
    /** Shown first when matching workers to orders. */
    important: boolean('important').notNull().default(false),
    active: boolean('active').notNull().default(true),
    searchText: searchText(),
    ...timestamps(),
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
    id: uuidPrimaryKey(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tools_name_fr_key').on(accentFreeSortKey(t.nameFr)),
    uniqueIndex('tools_name_en_key').on(accentFreeSortKey(t.nameEn)),
    index('tools_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type SkillRow = typeof skills.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
