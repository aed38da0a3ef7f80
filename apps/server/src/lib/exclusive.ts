import type { Db, Tx } from '../db/client.ts';
import { type AppError, isDeadlock, isExclusionViolation } from './errors.ts';

/**
 * Runs `work` in a transaction. The service checks for an overlap first, to name what is in the way;
 * two writes at once may both pass that check, and then the database's exclusion constraint refuses
 * the second: it ends as the same error, `conflict()` (without the name).
 */
export async function exclusiveTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  conflict: () => AppError,
): Promise<T> {
  try {
    return await retryOnDeadlock(() => db.transaction(work));
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict();
    throw error;
  }
}

/**
 * Runs `transaction` again, once, when PostgreSQL ended it to break a deadlock: for transactions
 * that take the same locks in another order (a change to an entry locks the entry, then its week;
 * a supervisor refusing that line holds the week, then changes the entry). The whole transaction was
 * rolled back, so running it again is safe.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (!isDeadlock(error)) throw error;
    return transaction();
  }
}
