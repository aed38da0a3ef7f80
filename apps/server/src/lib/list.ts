import { type Page, searchTerms } from '@brigade/shared';
import { and, asc, type Column, desc, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

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

/** `count(*)` as a number, for counting on its own. */
export const rowCount = sql<number>`cast(count(*) as integer)`;

/** `recount` for `pageOf` when the list reads one table: how many of its rows match `where`. */
export function countRows(db: Executor, table: PgTable, where: SQL | undefined) {
  return () => db.select({ n: rowCount }).from(table).where(where);
}

/**
 * The page answer from rows that carry `total` (totalCount). Past the last page no row carries
 * it, so `recount` (the same FROM and WHERE, selecting `{ n: rowCount }`) counts on its own.
 */
export async function pageOf<Row extends { total: number }>(
  rows: Row[],
  query: { page: number; pageSize: number },
  recount: () => PromiseLike<{ n: number }[]>,
): Promise<Page<Omit<Row, 'total'>>> {
  const total = rows[0]?.total ?? (query.page > 1 ? ((await recount())[0]?.n ?? 0) : 0);
  return {
    items: rows.map(({ total: _total, ...item }) => item),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export { accentFreeSortKey } from '../db/sort-key.ts';
