import type { AuditEntry as AuditLogEntry } from '@brigade/shared';
import { and, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, type Executor, preparedQuery } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { auditPolicy } from './policy.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Secrets never reach the audit log, even hashed. */
const hiddenFields = new Set(['passwordHash', 'password', 'tokenHash']);
function withoutSecrets(record: unknown): unknown {
  if (!record || typeof record !== 'object') return record ?? null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !hiddenFields.has(key)));
}

function auditRow(entry: AuditEntry) {
  return {
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  };
}

/** Call inside the transaction that makes the change, so the change and its trace land together. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}

/**
 * An insert of whole rows of `table` with their audit rows (`after`: the row), as one prepared
 * statement built once: for the inserts that come hundreds of times a second (a worker's hours),
 * where building the SQL cost more than running it. Each call gives the row, generated columns
 * included (they go to the audit row only).
 */
export function auditedInsert<Row extends { id: string }>(table: PgTable, action: string, entity: string) {
  const written = Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated);
  // Placeholders as SQL, not as column values: the driver sends each value as it is (pg writes a Date
  // as its instant), where Drizzle's column encoders would refuse a null timestamp.
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const query = preparedQuery<never, Record<string, unknown>>((db) => {
    const values = Object.fromEntries(written.map(([key]) => [key, value(`row.${key}`)]));
    const audit = db.insert(auditLog).values({
      actorId: value('actorId'),
      action,
      entity,
      entityId: value('entityId'),
      before: null,
      after: value('after'),
    });
    // getSQL(): a query builder put in a template comes in parentheses, which a WITH refuses.
    return sql`with change as (${db.insert(table).values(values).getSQL()}) ${audit.getSQL()}`;
  });
  return async (db: Executor, actorId: string | null, row: Row): Promise<void> => {
    const values: Record<string, unknown> = {
      actorId,
      entityId: row.id,
      after: JSON.stringify(withoutSecrets(row)),
    };
    for (const [key] of written) values[`row.${key}`] = (row as Record<string, unknown>)[key];
    await query(db, values);
  };
}

/** The audit action of an edit: archiving and reactivating are named as such, whichever way they came. */
export function editAction(entity: string, wasActive: boolean, isActive: boolean): string {
  if (wasActive && !isActive) return `${entity}.archive`;
  if (!wasActive && isActive) return `${entity}.reactivate`;
  return `${entity}.update`;
}

export interface AuditLogQuery {
  entity?: string;
  entityId?: string;
  /** The `nextCursor` of the previous page: entries older than it. */
  before?: number;
  limit: number;
}

/**
 * Newest first, a page at a time by keyset (`id < before`): a page deep in a long log costs the
 * same as the first, and entries written meanwhile neither shift nor repeat the next page.
 */
export async function listAuditLog(
  db: Db,
  actor: Actor,
  query: AuditLogQuery,
): Promise<{ items: AuditLogEntry[]; nextCursor: number | null }> {
  authorize(actor, auditPolicy.read);
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  // One more than asked tells whether there is a next page.
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map((row) => ({ ...row, at: row.at.toISOString() }));
  return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}
