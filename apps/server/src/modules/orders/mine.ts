import type { MyAssignation, MyAssignations } from '@brigade/shared';
import { minutesToTime } from '@brigade/shared';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { assignations, clients, messages, orders, sites, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { settleAssignation } from './answer.ts';
import type { AssignationDeps } from './assignation-effects.ts';
import { ordersPolicy } from './policy.ts';

/** How far ahead the worker's home lists their confirmed assignations. */
const windowDays = 14;

/** An offer the worker was really sent (the office may hold the SMS as a draft first). */
const sentStatuses = ['queued', 'sent', 'delivered'] as const;

const supervisor = alias(users, 'supervisor');

/** Saturday or Sunday (a yyyy-MM-dd calendar day). */
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** The days from `from` to `to` an order works (weekends only when it includes them). */
function workingDays(
  order: { startsOn: string; endsOn: string; includeWeekends: boolean },
  from: string,
  to: string,
) {
  const days: string[] = [];
  const last = order.endsOn < to ? order.endsOn : to;
  for (let day = order.startsOn > from ? order.startsOn : from; day <= last; day = addDays(day, 1)) {
    if (order.includeWeekends || !isWeekend(day)) days.push(day);
  }
  return days;
}

/**
 * "Mes affectations": the worker's confirmed assignations that work from today over two weeks, and
 * the offers sent to them still waiting for their answer (whenever their order starts).
 */
export async function myAssignations(db: Executor, actor: Actor): Promise<MyAssignations> {
  authorize(actor, ordersPolicy.mine);
  const from = companyToday();
  const to = addDays(from, windowDays - 1);
  const rows = await db
    .select({
      id: assignations.id,
      status: assignations.status,
      orderId: orders.id,
      startsOn: orders.startsOn,
      endsOn: orders.endsOn,
      includeWeekends: orders.includeWeekends,
      dailyStartMinute: orders.dailyStartMinute,
      dailyEndMinute: orders.dailyEndMinute,
      client: { id: clients.id, name: clients.name },
      site: {
        id: sites.id,
        name: sites.name,
        street: sites.street,
        city: sites.city,
        province: sites.province,
        postalCode: sites.postalCode,
        latitude: sites.latitude,
        longitude: sites.longitude,
      },
      supervisorFirstName: supervisor.firstName,
      supervisorLastName: supervisor.lastName,
      supervisorPhone: supervisor.phone,
      askedAt: messages.queuedAt,
      messageStatus: messages.status,
    })
    .from(assignations)
    .innerJoin(orders, eq(orders.id, assignations.orderId))
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(supervisor, eq(supervisor.id, orders.supervisorId))
    .leftJoin(messages, eq(messages.id, assignations.messageId))
    .where(
      and(
        eq(assignations.employeeId, actor.userId),
        isNull(orders.cancelledAt),
        gte(orders.endsOn, from),
        or(
          and(eq(assignations.status, 'confirmed'), lte(orders.startsOn, to)),
          and(eq(assignations.status, 'pending'), inArray(messages.status, [...sentStatuses])),
        ),
      ),
    )
    .orderBy(asc(orders.startsOn), asc(orders.dailyStartMinute), asc(sites.name), asc(assignations.id));

  const items = rows.map(
    (row): MyAssignation => ({
      id: row.id,
      status: row.status === 'confirmed' ? 'confirmed' : 'pending',
      orderId: row.orderId,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      dailyStart: minutesToTime(row.dailyStartMinute),
      dailyEnd: minutesToTime(row.dailyEndMinute),
      includeWeekends: row.includeWeekends,
      days: workingDays(row, from, row.status === 'confirmed' ? to : row.endsOn),
      client: row.client,
      site: row.site,
      supervisor:
        row.supervisorFirstName !== null && row.supervisorLastName !== null
          ? {
              firstName: row.supervisorFirstName,
              lastName: row.supervisorLastName,
              phone: row.supervisorPhone,
            }
          : null,
      askedAt: row.askedAt?.toISOString() ?? null,
    }),
  );
  return {
    from,
    to,
    // A confirmed assignation with no working day left in the window (a weekday-only order seen on a
    // Saturday, its last day a Friday) has nothing to show.
    confirmed: items.filter((item) => item.status === 'confirmed' && item.days.length > 0),
    pending: items.filter((item) => item.status === 'pending'),
  };
}

/**
 * The worker answers an offer from the app, as their SMS reply would: only an offer of theirs that
 * was sent and is still pending (another's, or a draft the office has not sent, is "not found").
 */
export async function answerMyAssignation(
  deps: AssignationDeps,
  actor: Actor,
  id: string,
  answer: 'confirmed' | 'declined',
): Promise<MyAssignations> {
  authorize(actor, ordersPolicy.mine);
  await deps.db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ employeeId: assignations.employeeId, messageStatus: messages.status })
      .from(assignations)
      .leftJoin(messages, eq(messages.id, assignations.messageId))
      .where(eq(assignations.id, id));
    const sent = sentStatuses.some((status) => status === offer?.messageStatus);
    if (!offer || offer.employeeId !== actor.userId || !sent) throw notFound('Assignation');
    await settleAssignation(tx, id, answer, { kind: 'app', actorId: actor.userId });
  });
  return myAssignations(deps.db, actor);
}
