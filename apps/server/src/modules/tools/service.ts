import { searchable, type ToolDetail, toolOwnersLimit, type toolUpdateSchema } from '@brigade/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { employees, employeeTools, type ToolRow, tools, users } from '../../db/schema/index.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { readAll } from '../../lib/executor.ts';
import { byEmployeeName, catalogService, employeeLinkColumns, serializeEntry } from '../catalog/index.ts';
import { toolsPolicy } from './policy.ts';

/** The tools catalogue: what employees own (a description, no expiry). */
export const toolsCatalog = catalogService({
  table: tools,
  entity: 'tool',
  policy: toolsPolicy,
  optionColumns: { id: tools.id, nameFr: tools.nameFr, nameEn: tools.nameEn },
  listColumns: {
    id: tools.id,
    nameFr: tools.nameFr,
    nameEn: tools.nameEn,
    description: tools.description,
    active: tools.active,
  },
  links: {
    table: employeeTools,
    entryId: employeeTools.toolId,
    countKey: 'ownerCount',
    alias: 'active_owners',
  },
  searchText: (input: z.output<typeof toolUpdateSchema>) =>
    searchable(input.nameFr, input.nameEn, input.description),
  detail: toolDetail,
});

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
