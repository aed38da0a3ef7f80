import type { DeleteOutcome } from '@brigade/shared';
import type { Db, Tx } from '../../db/client.ts';
import { deleteOrArchive } from '../../lib/delete-or-archive.ts';
import { recordAudit } from './service.ts';

export interface AuditedDeleteOrArchive<Before, Archived> {
  actorId: string;
  /** The audit's entity ('client', 'site'…): the actions recorded are `<entity>.delete` and `<entity>.archive`. */
  entity: string;
  id: string;
  /** Reads the record, locked until the transaction ends, as the audit's "before"; throws a 404 when it is missing. */
  lock(tx: Tx): Promise<Before>;
  /** The DELETE (a foreign key refusing it makes the record archived instead). */
  remove(tx: Tx): Promise<unknown>;
  /** The UPDATE that archives it; answers the audit's "after". */
  archive(tx: Tx, before: Before): Promise<unknown>;
  /** What archiving the record takes along, once its own audit row is written (a client's supervisors). */
  alsoArchive?(tx: Tx): Promise<Archived>;
}

/**
 * Every master-data record leaves the same way: deleted for good when nothing refers to it,
 * archived otherwise (see lib/delete-or-archive.ts), with its audit row in the same transaction.
 * Each module says how its record is read, deleted and archived; this writes the audit trail.
 */
export async function deleteOrArchiveAudited<Before, Archived = undefined>(
  db: Db,
  change: AuditedDeleteOrArchive<Before, Archived>,
): Promise<DeleteOutcome & { archived?: Archived }> {
  const { actorId, entity, id } = change;
  return deleteOrArchive(db, {
    lock: change.lock,
    async remove(tx, before) {
      await change.remove(tx);
      await recordAudit(tx, { actorId, action: `${entity}.delete`, entity, entityId: id, before });
    },
    async archive(tx, before) {
      const after = await change.archive(tx, before);
      await recordAudit(tx, { actorId, action: `${entity}.archive`, entity, entityId: id, before, after });
      return change.alsoArchive?.(tx);
    },
  });
}
