import type { SupervisorListItem, supervisorListQuerySchema } from '@brigade/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clients, siteSupervisors, users } from '../../db/schema/index.ts';
import {
  accentFreeSortKey,
  countRows,
  matchesSearch,
  pageOf,
  pageOffset,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { contactColumns } from '../users/index.ts';
import { supervisorsPolicy } from './policy.ts';

type ListQuery = z.output<typeof supervisorListQuerySchema>;

const siteCount = sql<number>`(select cast(count(*) as integer) from ${siteSupervisors} where ${siteSupervisors.supervisorId} = ${users.id})`;

export async function listSupervisors(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<{ items: SupervisorListItem[]; total: number; page: number; pageSize: number }> {
  authorize(actor, supervisorsPolicy.list);
  const conditions: (SQL | undefined)[] = [eq(users.role, 'supervisor')];
  if (query.active !== 'all') conditions.push(eq(users.active, query.active === 'true'));
  if (query.clientId) conditions.push(eq(users.clientId, query.clientId));
  conditions.push(matchesSearch(users.searchText, query.q));

  const direction = query.order === 'desc' ? desc : asc;
  const lastName = accentFreeSortKey(users.lastName);
  const firstName = accentFreeSortKey(users.firstName);
  const ordering: Record<typeof query.sort, SQL[]> = {
    lastName: [direction(lastName), direction(firstName)],
    firstName: [direction(firstName), direction(lastName)],
    clientName: [direction(accentFreeSortKey(clients.name)), asc(lastName), asc(firstName)],
    siteCount: [direction(siteCount), asc(lastName), asc(firstName)],
  };

  const rows = await db
    .select({
      ...contactColumns,
      language: users.language,
      clientId: users.clientId,
      clientName: clients.name,
      active: users.active,
      siteCount,
      total: totalCount,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(and(...conditions))
    .orderBy(...ordering[query.sort], asc(users.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));

  return pageOf(rows, query, countRows(db, users, and(...conditions)));
}
