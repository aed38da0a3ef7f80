import type { AssignationListItem, assignationListQuerySchema, Page } from '@brigade/shared';
import { minutesToTime } from '@brigade/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { assignations, clients, messages, orders, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { matchesSearch, pageOffset, rowCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { ordersPolicy } from './policy.ts';
import { assignationColumns, orderNameColumns, toAssignation } from './read.ts';

type ListQuery = z.output<typeof assignationListQuerySchema>;

/**
 * The matching list: assignations by day and site, those that hold a place (pending and confirmed)
 * unless a status is asked, whose order touches from–to (from today on by default). `q` searches
 * the worker, the site and the client.
 */
export async function listAssignations(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<Page<AssignationListItem>> {
  authorize(actor, ordersPolicy.list);
  const from = query.from ?? companyToday();
  const where: (SQL | undefined)[] = [
    sql`${orders.endsOn} >= ${from}::date`,
    query.to ? sql`${orders.startsOn} <= ${query.to}::date` : undefined,
    query.status
      ? eq(assignations.status, query.status)
      : inArray(assignations.status, ['pending', 'confirmed']),
    query.clientId ? eq(orders.clientId, query.clientId) : undefined,
    query.siteId ? eq(orders.siteId, query.siteId) : undefined,
    query.orderId ? eq(assignations.orderId, query.orderId) : undefined,
    query.employeeId ? eq(assignations.employeeId, query.employeeId) : undefined,
    matchesSearch(
      sql`(${users.searchText} || ' ' || ${sites.searchText} || ' ' || ${clients.searchText})`,
      query.q,
    ),
  ];
  const direction = query.order === 'desc' ? desc : asc;
  const sort =
    query.sort === 'site'
      ? [direction(sites.name), asc(orders.startsOn)]
      : query.sort === 'employee'
        ? [direction(users.lastName), direction(users.firstName), asc(orders.startsOn)]
        : query.sort === 'status'
          ? [direction(assignations.status), asc(orders.startsOn), asc(sites.name)]
          : [direction(orders.startsOn), asc(sites.name), asc(users.lastName)];
  const base = db
    .select({ ...assignationColumns, ...orderNameColumns })
    .from(assignations)
    .innerJoin(orders, eq(orders.id, assignations.orderId))
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(users, eq(users.id, assignations.employeeId))
    .leftJoin(messages, eq(messages.id, assignations.messageId));
  const [rows, [count]] = await Promise.all([
    base
      .where(and(...where))
      .orderBy(...sort, asc(assignations.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ n: rowCount })
      .from(assignations)
      .innerJoin(orders, eq(orders.id, assignations.orderId))
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .innerJoin(users, eq(users.id, assignations.employeeId))
      .where(and(...where)),
  ]);
  return {
    items: rows.map(({ order, siteName, siteCity, clientName, ...row }) => ({
      ...toAssignation(row),
      order: {
        id: order.id,
        startsOn: order.startsOn,
        endsOn: order.endsOn,
        dailyStart: minutesToTime(order.dailyStartMinute),
        dailyEnd: minutesToTime(order.dailyEndMinute),
        priority: order.priority,
        workersNeeded: order.workersNeeded,
        cancelled: order.cancelledAt !== null,
      },
      site: { id: order.siteId, name: siteName, city: siteCity },
      client: { id: order.clientId, name: clientName },
    })),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
