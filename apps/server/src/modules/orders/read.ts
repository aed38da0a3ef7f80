import type { Assignation, OrderDetail, OrderListItem } from '@brigade/shared';
import { minutesToTime, orderStatus } from '@brigade/shared';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from '../../db/client.ts';
import {
  assignations,
  clients,
  messages,
  orderSkills,
  orders,
  orderTools,
  sites,
  skills,
  tools,
  users,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { phoneContactColumns } from '../users/index.ts';
import { confirmedCount, pendingCount } from './coverage.ts';
import { ordersPolicy } from './policy.ts';

/** An order with the names of its client and site (inner joins on clients and sites). */
export const orderNameColumns = {
  order: orders,
  clientName: clients.name,
  siteName: sites.name,
  siteCity: sites.city,
};

/** An order's columns with its client, site and coverage, as the list and the detail show them. */
export const orderColumns = {
  ...orderNameColumns,
  siteStreet: sites.street,
  confirmed: confirmedCount,
  pending: pendingCount,
};

export function selectOrders(db: Executor) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(sites, eq(sites.id, orders.siteId));
}
type OrderRowWithNames = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** The trades of each order, mandatory first, by French name (accents aside). */
export async function skillsOf(db: Executor, orderIds: string[]) {
  if (!orderIds.length) return new Map<string, OrderListItem['skills']>();
  const rows = await db
    .select({
      orderId: orderSkills.orderId,
      skillId: orderSkills.skillId,
      mandatory: orderSkills.mandatory,
      nameFr: skills.nameFr,
      nameEn: skills.nameEn,
    })
    .from(orderSkills)
    .innerJoin(skills, eq(skills.id, orderSkills.skillId))
    .where(inArray(orderSkills.orderId, orderIds))
    .orderBy(desc(orderSkills.mandatory), asc(accentFreeSortKey(skills.nameFr)));
  const byOrder = new Map<string, OrderListItem['skills']>();
  for (const { orderId, ...skill } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), skill]);
  return byOrder;
}

/** Where and when an order is, as every list of orders shows it: its client, site, dates and hours. */
export function orderPlaceAndTimes(order: {
  id: string;
  clientId: string;
  clientName: string;
  siteId: string;
  siteName: string;
  siteCity: string | null;
  startsOn: string;
  endsOn: string;
  dailyStartMinute: number;
  dailyEndMinute: number;
}) {
  return {
    id: order.id,
    client: { id: order.clientId, name: order.clientName },
    site: { id: order.siteId, name: order.siteName, city: order.siteCity },
    startsOn: order.startsOn,
    endsOn: order.endsOn,
    dailyStart: minutesToTime(order.dailyStartMinute),
    dailyEnd: minutesToTime(order.dailyEndMinute),
  };
}

export function toListItem(
  row: OrderRowWithNames,
  orderSkillList: OrderListItem['skills'],
  today = companyToday(),
): OrderListItem {
  const { order, clientName, siteName, siteCity } = row;
  return {
    ...orderPlaceAndTimes({ ...order, clientName, siteName, siteCity }),
    workersNeeded: order.workersNeeded,
    confirmed: row.confirmed,
    pending: row.pending,
    priority: order.priority,
    status: orderStatus({ ...order, cancelled: order.cancelledAt !== null }, row.confirmed, today),
    skills: orderSkillList,
  };
}

/**
 * An assignation with the worker it asks (inner join on users) and the state of the SMS that asked
 * them (left join on messages), as the order's page and the matching list show it.
 */
export const assignationColumns = {
  assignation: assignations,
  employee: { ...phoneContactColumns, language: users.language },
  messageStatus: messages.status,
};
/** A row of `assignationColumns`: no message status where the left join found no SMS. */
type AssignationRow = Omit<SelectResultFields<typeof assignationColumns>, 'messageStatus'> & {
  messageStatus: (typeof messages.$inferSelect)['status'] | null;
};

export function toAssignation({ assignation, employee, messageStatus }: AssignationRow): Assignation {
  return {
    id: assignation.id,
    employee,
    status: assignation.status,
    message:
      assignation.messageId && messageStatus ? { id: assignation.messageId, status: messageStatus } : null,
    overrideReason: assignation.overrideReason,
    answeredBy: assignation.answeredBy,
    answeredAt: assignation.answeredAt?.toISOString() ?? null,
    createdAt: assignation.createdAt.toISOString(),
  };
}

export async function findOrder(db: Executor, id: string): Promise<OrderDetail | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.id, id)).limit(1);
  if (!row) return undefined;
  const { order } = row;
  const [skillMap, toolRows, supervisorRows, assignationRows] = await readAll(db, [
    () => skillsOf(db, [id]),
    () =>
      db
        .select({ toolId: orderTools.toolId, nameFr: tools.nameFr, nameEn: tools.nameEn })
        .from(orderTools)
        .innerJoin(tools, eq(tools.id, orderTools.toolId))
        .where(eq(orderTools.orderId, id))
        .orderBy(asc(tools.nameFr)),
    () =>
      order.supervisorId
        ? db.select(phoneContactColumns).from(users).where(eq(users.id, order.supervisorId))
        : Promise.resolve([]),
    () =>
      db
        .select(assignationColumns)
        .from(assignations)
        .innerJoin(users, eq(users.id, assignations.employeeId))
        .leftJoin(messages, eq(messages.id, assignations.messageId))
        .where(eq(assignations.orderId, id))
        .orderBy(
          // Who holds a place first (confirmed, then asked), then the history, oldest first.
          sql`case ${assignations.status} when 'confirmed' then 0 when 'pending' then 1 else 2 end`,
          asc(assignations.createdAt),
          asc(assignations.id),
        ),
  ]);
  return {
    ...toListItem(row, skillMap.get(id) ?? []),
    site: { id: order.siteId, name: row.siteName, city: row.siteCity, street: row.siteStreet },
    supervisor: supervisorRows[0] ?? null,
    includeWeekends: order.includeWeekends,
    unpaidBreakMinutes: order.unpaidBreakMinutes,
    heightMetres: order.heightMetres,
    notes: order.notes,
    tools: toolRows,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    assignations: assignationRows.map(toAssignation),
  };
}

export async function getOrder(db: Executor, actor: Actor, id: string): Promise<OrderDetail> {
  authorize(actor, ordersPolicy.read);
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order');
  return order;
}
