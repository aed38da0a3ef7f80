import type { Db, Tx } from '../db/client.ts';
import { type AppError, isExclusionViolation } from './errors.ts';

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
    return await db.transaction(work);
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict();
    throw error;
  }
}
