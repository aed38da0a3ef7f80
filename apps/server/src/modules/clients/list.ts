import type { ClientListItem, ClientSort, Page, Province } from '@brigade/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import {
  accentFreeSortKey,
  countRows,
  matchesSearch,
  orderBy,
  pageOf,
  pageOffset,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { siteStatusIs } from '../sites/index.ts';
import { clientsPolicy } from './policy.ts';

/** The outer row's columns, qualified: in a one-table select Drizzle writes bare column names. */
const outerClientId = sql.raw('"clients"."id"');
const outerClientActive = sql.raw('"clients"."active"');
const siteCountSql = sql<number>`(select cast(count(*) as integer) from ${sites} where ${sites.clientId} = ${outerClientId})`;
const activeSiteCountSql = (today: string) =>
  sql<number>`(select cast(count(*) as integer) from ${sites}
    where ${sites.clientId} = ${outerClientId} and ${siteStatusIs('active', today, outerClientActive)})`;
const supervisorCountSql = sql<number>`(select cast(count(*) as integer) from ${users}
  where ${users.clientId} = ${outerClientId} and ${users.role} = 'supervisor' and ${users.active})`;

/** A page of clients, searched, filtered and sorted on the server, each with its site and supervisor counts. */
export async function listClients(
  db: Db,
  actor: Actor,
  query: {
    q?: string;
    sort: ClientSort;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
    active: 'true' | 'false' | 'all';
    province?: Province;
  },
): Promise<Page<ClientListItem>> {
  authorize(actor, clientsPolicy.read);
  const today = companyToday();
  const activeSiteCount = activeSiteCountSql(today);
  // Names sort without accents or case ("Électricité…" among the E's), as the unique index reads them.
  const sortColumns: Record<ClientSort, SQL> = {
    name: accentFreeSortKey(clients.name),
    city: accentFreeSortKey(clients.city),
    siteCount: siteCountSql,
    activeSiteCount,
  };
  const where = and(
    matchesSearch(clients.searchText, query.q),
    query.active === 'all' ? undefined : eq(clients.active, query.active === 'true'),
    query.province ? eq(clients.province, query.province) : undefined,
  );
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      phone: clients.phone,
      email: clients.email,
      city: clients.city,
      province: clients.province,
      active: clients.active,
      siteCount: siteCountSql,
      activeSiteCount,
      supervisorCount: supervisorCountSql,
      total: totalCount,
    })
    .from(clients)
    .where(where)
    .orderBy(...orderBy(sortColumns[query.sort], query.order, clients.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  return pageOf(rows, query, countRows(db, clients, where));
}
