import type { DeleteOutcome } from '@brigade/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { skills, tools } from '../../db/schema/index.ts';
import { deleteOrArchive } from '../../lib/delete-or-archive.ts';
import { AppError, isUniqueViolation, violatedConstraint } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';

/**
 * What the two catalogs (skills and tools) do alike: names unique in each language whatever their
 * case, and delete-or-archive with its audit rows. Each module keeps what is its own.
 */
type CatalogTable = typeof skills | typeof tools;
type NameField = 'nameFr' | 'nameEn';

export function nameNotUnique(field: NameField): AppError {
  return new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field });
}

/** Which name (if any) another entry of `table` already has, whatever its case. */
export async function nameClash(
  db: Executor,
  table: CatalogTable,
  names: { nameFr?: string; nameEn?: string },
  exceptId?: string,
): Promise<NameField | null> {
  for (const field of ['nameFr', 'nameEn'] as const) {
    const value = names[field];
    if (value === undefined) continue;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(
        and(sql`lower(${table[field]}) = lower(${value})`, exceptId ? ne(table.id, exceptId) : undefined),
      )
      .limit(1);
    if (row) return field;
  }
  return null;
}

/**
 * Checks the names before writing (a clear 409 naming the field) and, since another request may
 * take the name in between, turns the unique index's violation into the same answer.
 */
export async function withUniqueNames<T>(
  db: Db,
  table: CatalogTable,
  names: { nameFr?: string; nameEn?: string },
  exceptId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  const clash = await nameClash(db, table, names, exceptId);
  if (clash) throw nameNotUnique(clash);
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const index = violatedConstraint(error) ?? '';
    const field: NameField = index.includes('name_fr')
      ? 'nameFr'
      : index.includes('name_en')
        ? 'nameEn'
        : ((await nameClash(db, table, names, exceptId)) ?? 'nameFr');
    throw nameNotUnique(field);
  }
}

/** Deleted for good when nobody holds or owns it (the foreign keys decide), archived otherwise. */
export function deleteOrArchiveEntry(
  db: Db,
  table: CatalogTable,
  change: { entity: 'skill' | 'tool'; id: string; actorId: string; before: unknown },
): Promise<DeleteOutcome> {
  const { entity, id, actorId, before } = change;
  return deleteOrArchive(db, {
    async remove(tx) {
      await tx.delete(table).where(eq(table.id, id));
      await recordAudit(tx, { actorId, action: `${entity}.delete`, entity, entityId: id, before });
    },
    async archive(tx) {
      const [after] = await tx
        .update(table)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      await recordAudit(tx, { actorId, action: `${entity}.archive`, entity, entityId: id, before, after });
    },
  });
}
