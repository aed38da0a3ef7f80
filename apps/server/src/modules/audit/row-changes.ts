import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { recordAudit } from './service.ts';

type TableWithId = PgTable & { id: PgColumn };

/**
 * Who changes a record, and the record as it was (read and locked in the same transaction): the
 * audit row of an update is `<entity>.update` with before and after, of a delete `<entity>.delete`.
 */
export interface RowChange<Row extends { id: string }> {
  actorId: string;
  entity: string;
  before: Row;
}

/** Updates the record with `values` and writes its audit row; answers the record after. Call inside the transaction. */
export async function updateAudited<Table extends TableWithId>(
  tx: Executor,
  table: Table,
  change: RowChange<Table['$inferSelect'] & { id: string }>,
  values: PgUpdateSetSource<Table>,
): Promise<Table['$inferSelect']> {
  const { actorId, entity, before } = change;
  const [after] = await tx
    .update(table as PgTable)
    .set(values)
    .where(eq(table.id, before.id))
    .returning();
  await recordAudit(tx, { actorId, action: `${entity}.update`, entity, entityId: before.id, before, after });
  return after as Table['$inferSelect'];
}

/** Deletes the record and writes its audit row. Call inside the transaction. */
export async function deleteAudited<Table extends TableWithId>(
  tx: Executor,
  table: Table,
  change: RowChange<Table['$inferSelect'] & { id: string }>,
): Promise<void> {
  const { actorId, entity, before } = change;
  await tx.delete(table).where(eq(table.id, before.id));
  await recordAudit(tx, { actorId, action: `${entity}.delete`, entity, entityId: before.id, before });
}
