import type { DeleteOutcome } from '@brigade/shared';
import type { Db, Tx } from '../db/client.ts';

/**
 * A row still referred to: foreign_key_violation (23503), or restrict_violation (23001) which
 * `ON DELETE RESTRICT` raises — whichever driver raised it.
 */
const referenceCodes = new Set(['23503', '23001']);
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return referenceCodes.has(e?.code ?? '') || referenceCodes.has(e?.cause?.code ?? '');
}

/**
 * Deletes a record for good when nothing refers to it; otherwise archives it. The database decides
 * (foreign keys are RESTRICT), so a reference added by a later feature is respected without this
 * code knowing about it. The delete runs in a savepoint so that the archive can follow it.
 */
export async function deleteOrArchive(
  db: Db,
  actions: { remove(tx: Tx): Promise<void>; archive(tx: Tx): Promise<void> },
): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    try {
      await tx.transaction(async (savepoint) => actions.remove(savepoint as Tx));
      return { outcome: 'deleted' as const };
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      await actions.archive(tx);
      return { outcome: 'archived' as const };
    }
  });
}
