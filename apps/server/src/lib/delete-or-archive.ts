import type { DeleteOutcome } from '@brigade/shared';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../db/client.ts';

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
 * code knowing about it. `lock` reads the record inside the transaction (SELECT … FOR UPDATE), so
 * the audit's "before" is what was changed; it throws when the record does not exist. The delete
 * runs in a savepoint so that the archive can follow it.
 */
export async function deleteOrArchive<Before, Archived = unknown>(
  db: Db,
  actions: {
    lock(tx: Tx): Promise<Before>;
    remove(tx: Tx, before: Before): Promise<void>;
    archive(tx: Tx, before: Before): Promise<Archived>;
  },
): Promise<DeleteOutcome & { archived?: Archived }> {
  return db.transaction(async (tx) => {
    const before = await actions.lock(tx);
    try {
      await tx.transaction(async (savepoint) => actions.remove(savepoint as Tx, before));
      return { outcome: 'deleted' as const };
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      return { outcome: 'archived' as const, archived: await actions.archive(tx, before) };
    }
  });
}

/** A foreign key that points at a table, as pg_constraint describes it (single-column keys). */
interface IncomingForeignKey {
  table: string;
  column: string;
  referencedColumn: string;
  /** pg_constraint.confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: 'a' | 'r' | 'c' | 'n' | 'd';
}

/**
 * The foreign keys pointing at each table, read once per process: the schema only changes with a
 * migration, which runs before the server serves anything (every database a process opens has the
 * same migrations).
 */
const incomingKeysCache = new Map<string, Promise<IncomingForeignKey[]>>();

function incomingForeignKeys(db: Executor, table: string): Promise<IncomingForeignKey[]> {
  let keys = incomingKeysCache.get(table);
  if (!keys) {
    keys = db
      .execute(sql`select child.relname as "table", child_column.attname as "column",
          parent_column.attname as "referencedColumn", c.confdeltype as "onDelete"
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_attribute child_column on child_column.attrelid = c.conrelid and child_column.attnum = c.conkey[1]
        join pg_attribute parent_column on parent_column.attrelid = c.confrelid and parent_column.attnum = c.confkey[1]
        where c.contype = 'f' and c.confrelid = to_regclass(${table}) and cardinality(c.conkey) = 1
        order by 1, 2`)
      .then((result) => (result as unknown as { rows: IncomingForeignKey[] }).rows);
    // A failed read is not kept: the next call asks again.
    keys.catch(() => incomingKeysCache.delete(table));
    incomingKeysCache.set(table, keys);
  }
  return keys;
}

/** How many levels of ON DELETE CASCADE are followed (the schema has two: users → employees → skills). */
const maxCascadeDepth = 4;

/**
 * `exists (…)` for every reference that would keep the rows `rows` selects (a subquery of `table`)
 * from being deleted: RESTRICT / NO ACTION keys directly, and those of the rows a CASCADE would
 * delete with them. SET NULL / SET DEFAULT keys never block.
 */
async function blockingReferences(
  db: Executor,
  table: string,
  rows: (column: string) => SQL,
  depth: number,
): Promise<SQL[]> {
  const checks: SQL[] = [];
  for (const key of await incomingForeignKeys(db, table)) {
    const child = sql.identifier(key.table);
    const childColumn = sql.identifier(key.column);
    const referenced = rows(key.referencedColumn);
    if (key.onDelete === 'r' || key.onDelete === 'a') {
      checks.push(sql`exists (select 1 from ${child} where ${child}.${childColumn} in (${referenced}))`);
    } else if (key.onDelete === 'c' && depth < maxCascadeDepth) {
      const cascaded = (column: string) =>
        sql`select ${child}.${sql.identifier(column)} from ${child} where ${child}.${childColumn} in (${referenced})`;
      checks.push(...(await blockingReferences(db, key.table, cascaded, depth + 1)));
    }
  }
  return checks;
}

/**
 * Would DELETE of this row succeed, or would a foreign key keep it (DELETE then archives)? A
 * read-only look (`select exists …` per reference), so detail pages can ask it on every GET.
 */
export async function isReferenced(
  db: Executor,
  table: PgTable,
  idColumn: string,
  id: string,
): Promise<boolean> {
  const name = getTableName(table);
  const self = sql.identifier(name);
  const rows = (column: string) =>
    sql`select ${self}.${sql.identifier(column)} from ${self} where ${self}.${sql.identifier(idColumn)} = ${id}`;
  const checks = await blockingReferences(db, name, rows, 0);
  if (checks.length === 0) return false;
  const result = await db.execute(sql`select (${sql.join(checks, sql` or `)}) as "referenced"`);
  return Boolean((result as unknown as { rows: { referenced: boolean }[] }).rows[0]?.referenced);
}

/**
 * The same question as an SQL boolean about the current row of `table`, for a query that selects
 * from `table` under its own name (not aliased), such as a list of details. Not for a table that
 * refers to itself.
 */
export async function isReferencedSql(db: Executor, table: PgTable): Promise<SQL<boolean>> {
  const name = getTableName(table);
  const self = sql.identifier(name);
  const currentRow = (column: string) => sql`select ${self}.${sql.identifier(column)}`;
  const checks = await blockingReferences(db, name, currentRow, 0);
  return checks.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(checks, sql` or `)})`;
}
