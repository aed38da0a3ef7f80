import type { Page, SiteListItem, SiteStatus } from '@brigade/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, siteSupervisors, sites } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { forbidden } from '../../lib/errors.ts';
import {
  accentFreeSortKey,
  matchesSearch,
  orderBy,
  pageOf,
  pageOffset,
  rowCount,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { siteListScope, sitesPolicy } from './policy.ts';
import { listColumns } from './read.ts';
import { siteStatusIs, siteStatusSql } from './status.ts';

/** ORDER BY columns of the list (`clients` joined). */
const sortColumns = (today: string) => ({
  name: accentFreeSortKey(sites.name),
  clientName: accentFreeSortKey(clients.name),
  city: accentFreeSortKey(sites.city),
  startDate: sites.startDate,
  endDate: sites.endDate,
  // Active first, then upcoming, then inactive.
  status: sql`(case ${siteStatusSql(today, clients.active)} when 'active' then 0 when 'upcoming' then 1 else 2 end)`,
});

export async function listSites(
  db: Db,
  actor: Actor,
  query: {
    q?: string;
    clientId?: string;
    status: SiteStatus | 'all';
    sort: keyof ReturnType<typeof sortColumns>;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<Page<SiteListItem>> {
  authorize(actor, sitesPolicy.list);
  const scope = siteListScope(actor);
  if (!scope) throw forbidden();
  const today = companyToday();
  const conditions: (SQL | undefined)[] = [
    matchesSearch(sites.searchText, query.q),
    query.clientId ? eq(sites.clientId, query.clientId) : undefined,
    query.status === 'all' ? undefined : siteStatusIs(query.status, today, clients.active),
    scope.kind === 'supervised'
      ? sql`exists (select 1 from ${siteSupervisors} mine
          where mine.site_id = ${sites.id} and mine.supervisor_id = ${scope.supervisorId})`
      : undefined,
  ];
  const rows = await db
    .select({ ...listColumns(today), total: totalCount })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(and(...conditions))
    .orderBy(...orderBy(sortColumns(today)[query.sort], query.order, sites.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  return pageOf(rows, query, () =>
    db
      .select({ n: rowCount })
      .from(sites)
      .innerJoin(clients, eq(clients.id, sites.clientId))
      .where(and(...conditions)),
  );
}
