import { searchTerms } from '@brigade/shared';
import { and, asc, type Column, desc, type SQL, sql } from 'drizzle-orm';

/**
 * Each word of the query must appear in the row's accent-free `search_text` (a trigram index makes
 * the substring match fast). Returns undefined when there is nothing to search.
 */
export function matchesSearch(searchText: Column | SQL, query: string | undefined): SQL | undefined {
  const terms = searchTerms(query);
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`${searchText} like ${`%${escapeLike(term)}%`}`));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** ORDER BY the chosen column, then by id so that pages never overlap or skip rows. */
export function orderBy(column: Column | SQL, order: 'asc' | 'desc', tieBreaker: Column): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  return [direction(column), asc(tieBreaker)];
}

export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** `count(*) over ()` beside the rows: one query gives the page and the total. */
export const totalCount = sql<number>`cast(count(*) over () as integer)`;
