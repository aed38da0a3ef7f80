import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

type Reads<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/**
 * Runs independent reads: side by side on the pool (each on its own connection), one after the
 * other inside a transaction, whose single connection must not be sent concurrent queries (pg
 * warns that pg@9 will refuse them; PGlite would queue them anyway).
 */
export async function readAll<const T extends readonly unknown[]>(db: Executor, reads: Reads<T>): Promise<T> {
  if (db instanceof PgTransaction) {
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as unknown as T;
  }
  return (await Promise.all(reads.map((read) => read()))) as unknown as T;
}

/** `fields` as a select list, each under its key: `"users"."first_name" as "firstName", …`. */
export function aliased(fields: Record<string, SQLWrapper>): SQL {
  return sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * The rows of `query` (columns aliased as the keys wanted, see `aliased`) as one JSON text the
 * database builds, parsed here in one go. For reads of thousands of rows: the embedded database
 * hands rows over value by value, which costs more than finding them (10,000 employees: 250 ms as
 * rows, 40 as one JSON). With `ordered`, the query has a column `_rank` that orders the rows (left
 * out of them). Values come as JSON has them: dates as 'YYYY-MM-DD' strings, numbers, booleans,
 * null.
 */
export async function jsonRows<T>(
  db: Executor,
  query: SQL,
  options: { ordered?: boolean } = {},
): Promise<T[]> {
  const rows = options.ordered
    ? sql`coalesce(json_agg(to_jsonb(t) - '_rank' order by t._rank), '[]')`
    : sql`coalesce(json_agg(t), '[]')`;
  const result = await db.execute(sql`select ${rows}::text as rows from (${query}) t`);
  const [row] = (result as unknown as { rows: { rows: string }[] }).rows;
  return JSON.parse(row?.rows ?? '[]') as T[];
}
