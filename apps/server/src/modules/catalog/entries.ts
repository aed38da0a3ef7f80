import type { DeleteOutcome } from '@brigade/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  type employeeSkills,
  employees,
  type employeeTools,
  type skills,
  type tools,
  users,
} from '../../db/schema/index.ts';
import { deleteOrArchive } from '../../lib/delete-or-archive.ts';
import { AppError, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * What the two catalogs (skills and tools) do alike: names unique in each language whatever their
 * case and accents, and delete-or-archive with its audit rows. Each module keeps what is its own.
 */
type CatalogTable = typeof skills | typeof tools;
type NameField = 'nameFr' | 'nameEn';

export function nameNotUnique(field: NameField): AppError {
  return new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field });
}

/**
 * Which name (if any) another entry of `table` already has, whatever its case and accents — the
 * key the unique indexes are built on, so this check and the index agree.
 */
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
        and(
          sql`${accentFreeSortKey(table[field])} = ${accentFreeSortKey(sql`${value}::text`)}`,
          exceptId ? ne(table.id, exceptId) : undefined,
        ),
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

/** The entry, locked until the transaction ends (so the audit's "before" is what was changed), or 404. */
export async function lockEntry<Table extends CatalogTable>(
  tx: Executor,
  table: Table,
  entity: 'skill' | 'tool',
  id: string,
): Promise<Table['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as CatalogTable)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw notFound(entity === 'skill' ? 'Skill' : 'Tool');
  return row as Table['$inferSelect'];
}

/** Deleted for good when nobody holds or owns it (the foreign keys decide), archived otherwise. */
export async function deleteOrArchiveEntry(
  db: Db,
  table: CatalogTable,
  change: { entity: 'skill' | 'tool'; id: string; actorId: string },
): Promise<DeleteOutcome> {
  const { entity, id, actorId } = change;
  const { outcome } = await deleteOrArchive(db, {
    lock: (tx) => lockEntry(tx, table, entity, id),
    async remove(tx, before) {
      await tx.delete(table).where(eq(table.id, id));
      await recordAudit(tx, { actorId, action: `${entity}.delete`, entity, entityId: id, before });
    },
    async archive(tx, before) {
      const [after] = await tx
        .update(table)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      await recordAudit(tx, { actorId, action: `${entity}.archive`, entity, entityId: id, before, after });
    },
  });
  return { outcome };
}

/**
 * How many active (not archived) employees hold each entry, for every entry at once, as a subquery
 * `{ id, n }` named `alias`: one pass over the links, leaving out the few archived workers (an
 * anti-join), is much cheaper at 10,000 workers than a count joined to users for each entry.
 */
export function activeLinkCounts(
  db: Executor,
  links:
    | { table: typeof employeeSkills; entryId: typeof employeeSkills.skillId }
    | {
        table: typeof employeeTools;
        entryId: typeof employeeTools.toolId;
      },
  alias: string,
) {
  return db
    .select({ id: links.entryId, n: sql<number>`cast(count(*) as integer)`.as('n') })
    .from(links.table)
    .where(
      sql`not exists (select 1 from ${users} archived
        where archived.id = ${links.table.employeeId} and not archived.active)`,
    )
    .groupBy(links.entryId)
    .as(alias);
}

/** Holders and owners of an entry, listed by accent-free last then first name, then number. */
export const byEmployeeName = [
  asc(accentFreeSortKey(users.lastName)),
  asc(accentFreeSortKey(users.firstName)),
  asc(employees.employeeNumber),
];
