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
