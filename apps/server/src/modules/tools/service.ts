import {
  type DeleteOutcome,
  searchable,
  type ToolDetail,
  type ToolOption,
  type ToolPage,
  type toolCreateSchema,
  type toolListQuerySchema,
  toolOwnersLimit,
  type toolUpdateSchema,
} from '@brigade/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { employees, employeeTools, type ToolRow, tools, users } from '../../db/schema/index.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import {
  accentFreeSortKey,
  matchesSearch,
  pageOf,
  pageOffset,
  rowCount,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { editAction, recordAudit } from '../audit/index.ts';
import {
  activeLinkCounts,
  byEmployeeName,
  deleteOrArchiveEntry,
  lockEntry,
  withUniqueNames,
} from '../catalog/index.ts';
import { toolsPolicy } from './policy.ts';

type ListQuery = z.output<typeof toolListQuerySchema>;
type CreateInput = z.output<typeof toolCreateSchema>;
type UpdateInput = z.output<typeof toolUpdateSchema>;
/** Every active tool, by French name: what pickers and filters offer (the catalog is small). */
export async function listToolOptions(db: Db, actor: Actor): Promise<{ items: ToolOption[] }> {
  authorize(actor, toolsPolicy.read);
  const items = await db
    .select({ id: tools.id, nameFr: tools.nameFr, nameEn: tools.nameEn })
    .from(tools)
    .where(eq(tools.active, true))
    .orderBy(accentFreeSortKey(tools.nameFr), asc(tools.id));
  return { items };
}

export async function listTools(db: Db, actor: Actor, query: ListQuery): Promise<ToolPage> {
  authorize(actor, toolsPolicy.read);
  const filters: (SQL | undefined)[] = [matchesSearch(tools.searchText, query.q)];
  if (query.active !== 'all') filters.push(eq(tools.active, query.active === 'true'));

  const counted = activeLinkCounts(
    db,
    { table: employeeTools, entryId: employeeTools.toolId },
    'active_owners',
  );
  const ownerCount = sql<number>`coalesce(${counted.n}, 0)`;
  const direction = query.order === 'desc' ? desc : asc;
  const order: SQL[] =
    query.sort === 'ownerCount'
      ? [direction(ownerCount), asc(accentFreeSortKey(tools.nameFr))]
      : [direction(accentFreeSortKey(query.sort === 'nameEn' ? tools.nameEn : tools.nameFr))];
  order.push(asc(tools.id));

  const rows = await db
    .select({
      id: tools.id,
      nameFr: tools.nameFr,
      nameEn: tools.nameEn,
      description: tools.description,
      active: tools.active,
      ownerCount,
      total: totalCount,
    })
    .from(tools)
    .leftJoin(counted, eq(counted.id, tools.id))
    .where(and(...filters))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));

  return pageOf(rows, query, () =>
    db
      .select({ n: rowCount })
      .from(tools)
      .where(and(...filters)),
  );
}

async function findTool(db: Executor, id: string): Promise<ToolRow | undefined> {
  const [row] = await db.select().from(tools).where(eq(tools.id, id));
  return row;
}

export async function getTool(db: Db, actor: Actor, id: string): Promise<ToolDetail> {
  authorize(actor, toolsPolicy.read);
  const tool = await findTool(db, id);
  if (!tool) throw notFound('Tool');
  return toolDetail(db, tool);
}

/**
 * The tool with its owners: active employees only (an archived worker's tools are not offered);
 * whether it can be deleted looks at every reference, archived workers included.
 */
async function toolDetail(db: Executor, tool: ToolRow): Promise<ToolDetail> {
  const owned = and(eq(employeeTools.toolId, tool.id), eq(users.active, true));
  const [owners, [counts], referenced] = await readAll(db, [
    () =>
      db
        .select({
          employeeId: employees.userId,
          employeeNumber: employees.employeeNumber,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(employeeTools)
        .innerJoin(employees, eq(employees.userId, employeeTools.employeeId))
        .innerJoin(users, eq(users.id, employees.userId))
        .where(owned)
        .orderBy(...byEmployeeName)
        .limit(toolOwnersLimit),
    () =>
      db
        .select({ total: sql<number>`cast(count(*) as integer)` })
        .from(employeeTools)
        .innerJoin(users, eq(users.id, employeeTools.employeeId))
        .where(owned),
    () => isReferenced(db, tools, 'id', tool.id),
  ]);
  return { ...serializeTool(tool), ownerCount: counts?.total ?? 0, owners, deletable: !referenced };
}

function serializeTool(row: ToolRow) {
  return {
    id: row.id,
    nameFr: row.nameFr,
    nameEn: row.nameEn,
    description: row.description,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createTool(db: Db, actor: Actor, input: CreateInput): Promise<ToolDetail> {
  authorize(actor, toolsPolicy.write);
  return withUniqueNames(db, tools, input, undefined, () =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(tools)
        .values({ ...input, searchText: searchable(input.nameFr, input.nameEn, input.description) })
        .returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'tool.create',
        entity: 'tool',
        entityId: created!.id,
        after: created,
      });
      return toolDetail(tx, created!);
    }),
  );
}

/** PUT: the whole tool is replaced (`active: true` reactivates an archived one). */
export async function updateTool(db: Db, actor: Actor, id: string, input: UpdateInput): Promise<ToolDetail> {
  authorize(actor, toolsPolicy.write);
  return withUniqueNames(db, tools, input, id, () =>
    db.transaction(async (tx) => {
      const before = await lockEntry(tx, tools, 'tool', id);
      const [after] = await tx
        .update(tools)
        .set({
          ...input,
          searchText: searchable(input.nameFr, input.nameEn, input.description),
          updatedAt: new Date(),
        })
        .where(eq(tools.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: editAction('tool', before.active, after!.active),
        entity: 'tool',
        entityId: id,
        before,
        after,
      });
      return toolDetail(tx, after!);
    }),
  );
}

/** Deletes the tool when nobody owns it, archives it (inactive) otherwise. */
export async function deleteTool(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, toolsPolicy.write);
  return deleteOrArchiveEntry(db, tools, { entity: 'tool', id, actorId: actor.userId });
}
