import type { OrderListItem, orderListQuerySchema, Page } from '@brigade/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clients, orders, sites } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { matchesSearch, pageOffset, rowCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { orderStatusIs } from './coverage.ts';
import { ordersPolicy } from './policy.ts';
import { selectOrders, skillsOf, toListItem } from './read.ts';

type ListQuery = z.output<typeof orderListQuerySchema>;

/** One page of orders with their coverage and derived status; `q` searches client and site names. */
export async function listOrders(db: Db, actor: Actor, query: ListQuery): Promise<Page<OrderListItem>> {
  authorize(actor, ordersPolicy.list);
  const today = companyToday();
  const where: (SQL | undefined)[] = [
    matchesSearch(sql`(${clients.searchText} || ' ' || ${sites.searchText})`, query.q),
  ];
  if (query.clientId) where.push(eq(orders.clientId, query.clientId));
  if (query.siteId) where.push(eq(orders.siteId, query.siteId));
  if (query.priority) where.push(eq(orders.priority, query.priority));
  if (query.status) where.push(orderStatusIs(query.status, today));
  if (query.from) where.push(sql`${orders.endsOn} >= ${query.from}`);
  if (query.to) where.push(sql`${orders.startsOn} <= ${query.to}`);

  const direction = query.order === 'desc' ? desc : asc;
  const order =
    query.sort === 'priority'
      ? [direction(orders.priority), asc(orders.startsOn)]
      : query.sort === 'client'
        ? [direction(clients.name), asc(orders.startsOn)]
        : query.sort === 'site'
          ? [direction(sites.name), asc(orders.startsOn)]
          : [direction(orders.startsOn)];
  const [rows, [count]] = await Promise.all([
    selectOrders(db)
      .where(and(...where))
      .orderBy(...order, asc(orders.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ n: rowCount })
      .from(orders)
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .where(and(...where)),
  ]);
  const skillMap = await skillsOf(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    items: rows.map((row) => toListItem(row, skillMap.get(row.order.id) ?? [], today)),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
