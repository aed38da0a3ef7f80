import type { Database } from '../db/client.ts';

/** The names of the jobs running now on each embedded database (one process holds it). */
const runningOn = new WeakMap<object, Set<string>>();

/** The first key of the two-key advisory locks of jobs (the second is the job's name, hashed). */
const jobLockSpace = 7272;

/**
 * Runs `work` unless the job `name` is already running somewhere, in this process or another one
 * sharing the database: on PostgreSQL a session advisory lock (`pg_try_advisory_lock`) held by a
 * connection of its own for as long as the work lasts, released even when it fails (and by
 * PostgreSQL when the process dies); on the embedded database, which one process holds at a time,
 * a mark in this process. Whoever finds it taken does nothing: the one running does the work.
 */
export async function runAlone<T>(
  database: Pick<Database, 'kind' | 'pool'>,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const { pool } = database;
  if (database.kind === 'postgres' && pool) {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ got: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as got',
        [jobLockSpace, name],
      );
      if (!rows[0]?.got) return { ran: false };
      try {
        return { ran: true, result: await work() };
      } finally {
        await client
          .query('select pg_advisory_unlock($1, hashtext($2))', [jobLockSpace, name])
          .catch(() => {});
      }
    } finally {
      client.release();
    }
  }
  const running = runningOn.get(database) ?? new Set<string>();
  runningOn.set(database, running);
  if (running.has(name)) return { ran: false };
  running.add(name);
  try {
    return { ran: true, result: await work() };
  } finally {
    running.delete(name);
  }
}
