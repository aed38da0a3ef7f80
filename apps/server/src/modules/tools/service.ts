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
  countRows,
  matchesSearch,
  pageOf,
  pageOffset,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import {
  activeEntries,
  activeLinkCounts,
  byEmployeeName,
  createEntry,
  deleteOrArchiveEntry,
  employeeLinkColumns,
  replaceEntry,
  serializeEntry,
} from '../catalog/index.ts';
import { toolsPolicy } from './policy.ts';

type ListQuery = z.output<typeof toolListQuerySchema>;
type CreateInput = z.output<typeof toolCreateSchema>;
type UpdateInput = z.output<typeof toolUpdateSchema>;
/** Every active tool, by French name: what pickers and filters offer. */
export async function listToolOptions(db: Db, actor: Actor): Promise<{ items: ToolOption[] }> {
  authorize(actor, toolsPolicy.read);
  const { id, nameFr, nameEn } = tools;
  return { items: await activeEntries(db, tools, { id, nameFr, nameEn }) };
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

  return pageOf(rows, query, countRows(db, tools, and(...filters)));
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
        .select(employeeLinkColumns)
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
  return { ...serializeEntry(tool), ownerCount: counts?.total ?? 0, owners, deletable: !referenced };
}

function toolValues(input: CreateInput | UpdateInput) {
  return { ...input, searchText: searchable(input.nameFr, input.nameEn, input.description) };
}

export async function createTool(db: Db, actor: Actor, input: CreateInput): Promise<ToolDetail> {
  authorize(actor, toolsPolicy.write);
  const change = { entity: 'tool' as const, actorId: actor.userId, values: toolValues(input) };
  return createEntry(db, tools, change, toolDetail);
}

/** PUT: the whole tool is replaced (`active: true` reactivates an archived one). */
export async function updateTool(db: Db, actor: Actor, id: string, input: UpdateInput): Promise<ToolDetail> {
  authorize(actor, toolsPolicy.write);
  const change = { entity: 'tool' as const, actorId: actor.userId, id, values: toolValues(input) };
  return replaceEntry(db, tools, change, toolDetail);
}

/** Deletes the tool when nobody owns it, archives it (inactive) otherwise. */
export async function deleteTool(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, toolsPolicy.write);
  return deleteOrArchiveEntry(db, tools, { entity: 'tool', id, actorId: actor.userId });
}
