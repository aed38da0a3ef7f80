import type { Overview, OverviewComment, OverviewSite } from '@brigade/shared';
import { minutesToTime, workDays } from '@brigade/shared';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  assignations,
  clients,
  orderSkills,
  orders,
  overviewComments,
  sites,
  skills,
  users,
} from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { jsonRows, readAll } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { worksOn } from '../orders/index.ts';
import { phoneContactColumns } from '../users/index.ts';
import { overviewPolicy } from './policy.ts';

const commentColumns = {
  comment: overviewComments,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

export function toComment(row: {
  comment: typeof overviewComments.$inferSelect;
  authorFirstName: string | null;
  authorLastName: string | null;
}): OverviewComment {
  const { comment } = row;
  return {
    id: comment.id,
    title: comment.title,
    body: comment.body,
    siteId: comment.siteId,
    orderId: comment.orderId,
    day: comment.day,
    author: comment.authorId
      ? { id: comment.authorId, firstName: row.authorFirstName ?? '', lastName: row.authorLastName ?? '' }
      : null,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
  };
}

export async function readComment(db: Executor, id: string): Promise<OverviewComment | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(overviewComments)
    .leftJoin(users, eq(users.id, overviewComments.authorId))
    .where(eq(overviewComments.id, id));
  return row ? toComment(row) : undefined;
}

interface OrderRow {
  id: string;
  siteId: string;
  clientId: string;
  priority: number;
  startsOn: string;
  endsOn: string;
  includeWeekends: boolean;
  dailyStartMinute: number;
  dailyEndMinute: number;
  workersNeeded: number;
  siteName: string;
  siteCity: string | null;
  clientName: string;
  confirmed: number;
  pending: number;
}

/**
 * GET /overview: a handful of reads whatever the number of orders — the live orders that touch the
 * days shown (with their coverage and trades), the workers confirmed on today's, the pending ones
 * of tomorrow's starts, and the bubbles pinned to what is shown.
 */
export async function readOverview(
  db: Db,
  actor: Actor,
  query: { from?: string | undefined; days: number },
): Promise<Overview> {
  authorize(actor, overviewPolicy.read);
  const today = companyToday();
  const from = query.from ?? today;
  const to = addDays(from, query.days - 1);
  const tomorrow = addDays(today, 1);
  const shown = Array.from({ length: query.days }, (_, index) => addDays(from, index));
  const live = and(
    isNull(orders.cancelledAt),
    sql`${orders.startsOn} <= ${to}::date and ${orders.endsOn} >= ${from}::date`,
  );
  // The orders shown, as a subquery for the reads that hang off them.
  const liveOrderIds = db.select({ id: orders.id }).from(orders).where(live);
  const [orderRows, skillRows, onSiteToday, unconfirmed, commentRows] = await readAll(db, [
    // The orders shown with their coverage, counted from each one's own assignations
    // (assignations_order_idx) rather than by grouping every assignation: half the time.
    () =>
      jsonRows<OrderRow>(
        db,
        sql`select ${orders.id} as "id", ${orders.siteId} as "siteId", ${orders.clientId} as "clientId",
          ${orders.priority} as "priority", ${orders.startsOn} as "startsOn", ${orders.endsOn} as "endsOn",
          ${orders.includeWeekends} as "includeWeekends", ${orders.dailyStartMinute} as "dailyStartMinute",
          ${orders.dailyEndMinute} as "dailyEndMinute", ${orders.workersNeeded} as "workersNeeded",
          ${sites.name} as "siteName", ${sites.city} as "siteCity", ${clients.name} as "clientName",
          held.confirmed as "confirmed", held.pending as "pending",
          row_number() over (order by ${clients.name}, ${sites.name}, ${orders.priority}, ${orders.startsOn}) as "_rank"
        from ${orders}
        join ${sites} on ${sites.id} = ${orders.siteId}
        join ${clients} on ${clients.id} = ${orders.clientId}
        cross join lateral (
          select count(*) filter (where ${assignations.status} = 'confirmed')::int as confirmed,
            count(*) filter (where ${assignations.status} = 'pending')::int as pending
          from ${assignations} where ${assignations.orderId} = ${orders.id}
        ) held
        where ${live}`,
        { ordered: true },
      ),
    // Their trades, the mandatory first.
    () =>
      jsonRows<{ orderId: string; nameFr: string; nameEn: string }>(
        db,
        sql`select ${orderSkills.orderId} as "orderId", ${skills.nameFr} as "nameFr", ${skills.nameEn} as "nameEn",
          row_number() over (order by ${orderSkills.mandatory} desc, ${skills.nameFr}) as "_rank"
        from ${orderSkills} join ${skills} on ${skills.id} = ${orderSkills.skillId}
        where ${orderSkills.orderId} in (select ${orders.id} from ${orders} where ${live})`,
        { ordered: true },
      ),
    // On site today: confirmed on an order that works today, each worker once per site.
    () =>
      db
        .select({
          siteId: orders.siteId,
          workers: sql<number>`count(distinct ${assignations.employeeId})::int`,
        })
        .from(assignations)
        .innerJoin(orders, eq(orders.id, assignations.orderId))
        .where(and(eq(assignations.status, 'confirmed'), worksOn(today)))
        .groupBy(orders.siteId),
    () =>
      db
        .select({
          assignationId: assignations.id,
          orderId: orders.id,
          siteName: sites.name,
          dailyStartMinute: orders.dailyStartMinute,
          employee: phoneContactColumns,
        })
        .from(assignations)
        .innerJoin(orders, eq(orders.id, assignations.orderId))
        .innerJoin(sites, eq(sites.id, orders.siteId))
        .innerJoin(users, eq(users.id, assignations.employeeId))
        .where(
          and(eq(assignations.status, 'pending'), isNull(orders.cancelledAt), eq(orders.startsOn, tomorrow)),
        )
        .orderBy(asc(sites.name), asc(users.lastName)),
    // The bubbles pinned to a day shown, a site or an order on the wall.
    () =>
      db
        .select(commentColumns)
        .from(overviewComments)
        .leftJoin(users, eq(users.id, overviewComments.authorId))
        .where(
          or(
            sql`${overviewComments.day} between ${from}::date and ${to}::date`,
            inArray(overviewComments.orderId, liveOrderIds),
            inArray(overviewComments.siteId, db.select({ siteId: orders.siteId }).from(orders).where(live)),
          ),
        )
        .orderBy(asc(overviewComments.createdAt)),
  ]);

  const skillsBy = new Map<string, { nameFr: string; nameEn: string }[]>();
  for (const { orderId, ...skill } of skillRows)
    skillsBy.set(orderId, [...(skillsBy.get(orderId) ?? []), skill]);
  const bySite = new Map<string, OverviewSite>();
  for (const order of orderRows) {
    // Only the days shown are walked, however long the order runs.
    const days = workDays({
      startsOn: order.startsOn > from ? order.startsOn : from,
      endsOn: order.endsOn < to ? order.endsOn : to,
      includeWeekends: order.includeWeekends,
    });
    if (days.length === 0) continue;
    let entry = bySite.get(order.siteId);
    if (!entry) {
      entry = {
        site: { id: order.siteId, name: order.siteName, city: order.siteCity },
        client: { id: order.clientId, name: order.clientName },
        orders: [],
        onSiteToday: 0,
      };
      bySite.set(order.siteId, entry);
    }
    entry.orders.push({
      id: order.id,
      priority: order.priority,
      startsOn: order.startsOn,
      endsOn: order.endsOn,
      dailyStart: minutesToTime(order.dailyStartMinute),
      dailyEnd: minutesToTime(order.dailyEndMinute),
      workersNeeded: order.workersNeeded,
      confirmed: order.confirmed,
      pending: order.pending,
      skills: skillsBy.get(order.id) ?? [],
      days,
    });
  }
  for (const { siteId, workers } of onSiteToday) {
    const entry = bySite.get(siteId);
    if (entry) entry.onSiteToday = workers;
  }

  return {
    today,
    days: shown,
    sites: [...bySite.values()],
    tomorrowUnconfirmed: unconfirmed.map((row) => ({
      assignationId: row.assignationId,
      orderId: row.orderId,
      siteName: row.siteName,
      dailyStart: minutesToTime(row.dailyStartMinute),
      employee: row.employee,
    })),
    comments: commentRows.map(toComment),
  };
}
