import type { DeleteOutcome } from '@brigade/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Executor } from '../../db/client.ts';
import {
  type employeeSkills,
  employees,
  type employeeTools,
  type skills,
  type tools,
  users,
} from '../../db/schema/index.ts';
import { AppError, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { deleteOrArchiveAudited, editAction, recordAudit } from '../audit/index.ts';

/**
 * What the two catalogs (skills and tools) do alike: names unique in each language whatever their
 * case and accents, and delete-or-archive with its audit rows. Each module keeps what is its own.
 */
export type CatalogTable = typeof skills | typeof tools;
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

/** An entry as the API answers it: every column but its search text, dates in ISO. */
export function serializeEntry<Row extends { searchText: string; createdAt: Date; updatedAt: Date }>(
  row: Row,
) {
  const { searchText: _searchText, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** Who changes which entry, for the audit. */
interface EntryChange {
  entity: 'skill' | 'tool';
  actorId: string;
}

/**
 * Creates an entry: its names checked unique, the row and its audit row written in one transaction.
 * Answers `detail` of the new row, read in the same transaction.
 */
export function createEntry<Table extends CatalogTable, Detail>(
  db: Db,
  table: Table,
  change: EntryChange & { values: Table['$inferInsert'] },
  detail: (tx: Executor, row: Table['$inferSelect']) => Promise<Detail>,
): Promise<Detail> {
  const { entity, actorId, values } = change;
  return withUniqueNames(db, table, values, undefined, () =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(table as CatalogTable)
        .values(values as never)
        .returning();
      await recordAudit(tx, {
        actorId,
        action: `${entity}.create`,
        entity,
        entityId: created!.id,
        after: created,
      });
      return detail(tx, created as Table['$inferSelect']);
    }),
  );
}

/**
 * PUT: the whole entry is replaced (`active: true` reactivates an archived one), its names checked
 * unique, with its audit row (before and after) in the same transaction. `alsoChange` does what the
 * change entails elsewhere, in that transaction; what it answers is added to the audit's "after".
 * Answers `detail` of the row.
 */
export function replaceEntry<Table extends CatalogTable, Detail>(
  db: Db,
  table: Table,
  change: EntryChange & {
    id: string;
    values: Table['$inferInsert'];
    alsoChange?: (tx: Executor, after: Table['$inferSelect']) => Promise<Record<string, unknown>>;
  },
  detail: (tx: Executor, row: Table['$inferSelect']) => Promise<Detail>,
): Promise<Detail> {
  const { entity, actorId, id, values, alsoChange } = change;
  return withUniqueNames(db, table, values, id, () =>
    db.transaction(async (tx) => {
      const before = await lockEntry(tx, table, entity, id);
      const [after] = await tx
        .update(table as CatalogTable)
        .set({ ...(values as object), updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      const consequences = alsoChange ? await alsoChange(tx, after as Table['$inferSelect']) : {};
      await recordAudit(tx, {
        actorId,
        action: editAction(entity, before.active, after!.active),
        entity,
        entityId: id,
        before,
        after: { ...after, ...consequences },
      });
      return detail(tx, after as Table['$inferSelect']);
    }),
  );
}

/** The active entries, by accent-free French name: what pickers and filters offer (a catalogue is small). */
export async function activeEntries<Columns extends SelectedFields>(
  db: Executor,
  table: CatalogTable,
  columns: Columns,
): Promise<SelectResultFields<Columns>[]> {
  const rows = await db
    .select(columns)
    .from(table)
    .where(eq(table.active, true))
    .orderBy(accentFreeSortKey(table.nameFr), asc(table.id));
  return rows as SelectResultFields<Columns>[];
}

/** Deleted for good when nobody holds or owns it (the foreign keys decide), archived otherwise. */
export async function deleteOrArchiveEntry(
  db: Db,
  table: CatalogTable,
  change: { entity: 'skill' | 'tool'; id: string; actorId: string },
): Promise<DeleteOutcome> {
  const { entity, id } = change;
  const { outcome } = await deleteOrArchiveAudited(db, {
    ...change,
    lock: (tx) => lockEntry(tx, table, entity, id),
    remove: (tx) => tx.delete(table).where(eq(table.id, id)),
    async archive(tx) {
      const [after] = await tx
        .update(table)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      return after;
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

/** A holder or an owner of an entry as its page lists them (`employees` and `users` joined). */
export const employeeLinkColumns = {
  employeeId: employees.userId,
  employeeNumber: employees.employeeNumber,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Holders and owners of an entry, listed by accent-free last then first name, then number. */
export const byEmployeeName = [
  asc(accentFreeSortKey(users.lastName)),
  asc(accentFreeSortKey(users.firstName)),
  asc(employees.employeeNumber),
];
