import type { Candidate, MatchCandidate } from '@brigade/shared';
import { minutesToTime, rankCandidates, shiftDate } from '@brigade/shared';
import { and, type Column, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assignations,
  employeeSkills,
  employees,
  employeeTools,
  orders,
  users,
} from '../../db/schema/index.ts';
import { companyToday, mondayOf } from '../../lib/calendar.ts';
import { readAll } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { loadAwayPeriods, loadBlacklists } from '../absences/index.ts';
import { ordersPolicy } from './policy.ts';
import { getOrder } from './read.ts';

/**
 * Every active employee ranked for the order (the shared `rankCandidates`), from a fixed number of
 * reads whatever the number of employees: the people with their skills and tools, their days
 * away and blacklists over the order's range, their confirmed bookings that overlap it, where they
 * have worked, and their booked hours this week.
 */
export async function orderCandidates(
  db: Db,
  actor: Actor,
  orderId: string,
  query: { excluded: 'true' | 'false'; limit: number },
): Promise<{ total: number; items: Candidate[] }> {
  authorize(actor, ordersPolicy.read);
  const order = await getOrder(db, actor, orderId);
  const range = { from: order.startsOn, to: order.endsOn };
  const weekStart = mondayOf(companyToday());
  // Unless the excluded are asked for too, only those who hold every mandatory skill (not expiring
  // before the end) can go: the database leaves the others out before anything is read about them.
  const mandatory = order.skills.filter((skill) => skill.mandatory).map((skill) => skill.skillId);
  const holdsMandatory = (employeeId: SQL | Column) =>
    query.excluded === 'true' || mandatory.length === 0
      ? sql`true`
      : and(
          ...mandatory.map(
            (skillId) =>
              sql`exists (select 1 from ${employeeSkills} held where held.employee_id = ${employeeId} and held.skill_id = ${skillId} and (held.expires_on is null or held.expires_on >= ${order.endsOn}::date))`,
          ),
        );
  const [people, skillRows, toolRows, away, blacklists, bookings, history, thisWeek, onOrder] = await readAll(
    db,
    [
      () =>
        db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            phone: users.phone,
            employeeNumber: employees.employeeNumber,
            city: employees.city,
            status: employees.status,
            fearOfHeights: employees.fearOfHeights,
          })
          .from(employees)
          .innerJoin(users, eq(users.id, employees.userId))
          .where(and(eq(users.active, true), holdsMandatory(employees.userId))),
      // Only the skills and tools the order asks for: the others count for nothing here.
      () =>
        db
          .select({
            employeeId: employeeSkills.employeeId,
            skillId: employeeSkills.skillId,
            expiresOn: employeeSkills.expiresOn,
          })
          .from(employeeSkills)
          .where(
            and(
              inArray(
                employeeSkills.skillId,
                order.skills.map((skill) => skill.skillId),
              ),
              holdsMandatory(employeeSkills.employeeId),
            ),
          ),
      () =>
        order.tools.length
          ? db
              .select({ employeeId: employeeTools.employeeId, toolId: employeeTools.toolId })
              .from(employeeTools)
              .where(
                and(
                  inArray(
                    employeeTools.toolId,
                    order.tools.map((tool) => tool.toolId),
                  ),
                  holdsMandatory(employeeTools.employeeId),
                ),
              )
          : Promise.resolve([]),
      () => loadAwayPeriods(db, range),
      () => loadBlacklists(db, range),
      // Confirmed elsewhere on days that touch this order's.
      () =>
        db
          .select({
            employeeId: assignations.employeeId,
            orderId: orders.id,
            startsOn: orders.startsOn,
            endsOn: orders.endsOn,
            includeWeekends: orders.includeWeekends,
            dailyStartMinute: orders.dailyStartMinute,
            dailyEndMinute: orders.dailyEndMinute,
          })
          .from(assignations)
          .innerJoin(orders, eq(orders.id, assignations.orderId))
          .where(
            and(
              eq(assignations.status, 'confirmed'),
              ne(orders.id, orderId),
              sql`${orders.cancelledAt} is null and daterange(${orders.startsOn}, ${orders.endsOn}, '[]') && daterange(${range.from}::date, ${range.to}::date, '[]')`,
            ),
          ),
      // Where each has been confirmed before: this site, or this client.
      () =>
        db
          .selectDistinct({
            employeeId: assignations.employeeId,
            siteId: orders.siteId,
            clientId: orders.clientId,
          })
          .from(assignations)
          .innerJoin(orders, eq(orders.id, assignations.orderId))
          .where(and(eq(assignations.status, 'confirmed'), eq(orders.clientId, order.client.id))),
      // Booked minutes this week: confirmed orders' daily hours times their working days this week.
      () =>
        db
          .select({
            employeeId: assignations.employeeId,
            minutes: sql<number>`sum((${orders.dailyEndMinute} - ${orders.dailyStartMinute}) * (
            select count(*) from generate_series(greatest(${orders.startsOn}, ${weekStart}::date), least(${orders.endsOn}, ${shiftDate(weekStart, 6)}::date), interval '1 day') as d
            where ${orders.includeWeekends} or extract(isodow from d) < 6))::int`,
          })
          .from(assignations)
          .innerJoin(orders, eq(orders.id, assignations.orderId))
          .where(
            and(
              eq(assignations.status, 'confirmed'),
              sql`${orders.cancelledAt} is null and ${orders.endsOn} >= ${weekStart}::date and ${orders.startsOn} <= ${shiftDate(weekStart, 6)}::date`,
            ),
          )
          .groupBy(assignations.employeeId),
      () =>
        db
          .select({ employeeId: assignations.employeeId })
          .from(assignations)
          .where(
            and(eq(assignations.orderId, orderId), inArray(assignations.status, ['pending', 'confirmed'])),
          ),
    ],
  );

  const group = <Row extends { employeeId: string }>(rows: Row[]) => {
    const map = new Map<string, Row[]>();
    for (const row of rows) map.set(row.employeeId, [...(map.get(row.employeeId) ?? []), row]);
    return map;
  };
  const skillsBy = group(skillRows);
  const toolsBy = group(toolRows);
  const blacklistsBy = group(blacklists);
  const bookingsBy = group(bookings);
  const historyBy = group(history);
  const minutesBy = new Map(thisWeek.map((row) => [row.employeeId, row.minutes]));
  const assigned = new Set(onOrder.map((row) => row.employeeId));

  const candidates: MatchCandidate[] = people.map((person) => ({
    id: person.id,
    active: true,
    status: person.status,
    fearOfHeights: person.fearOfHeights,
    skills: (skillsBy.get(person.id) ?? []).map(({ skillId, expiresOn }) => ({ skillId, expiresOn })),
    toolIds: (toolsBy.get(person.id) ?? []).map((row) => row.toolId),
    away: away.get(person.id) ?? [],
    blacklists: blacklistsBy.get(person.id) ?? [],
    confirmedElsewhere: (bookingsBy.get(person.id) ?? []).map((booking) => ({
      orderId: booking.orderId,
      startsOn: booking.startsOn,
      endsOn: booking.endsOn,
      includeWeekends: booking.includeWeekends,
      dailyStart: minutesToTime(booking.dailyStartMinute),
      dailyEnd: minutesToTime(booking.dailyEndMinute),
    })),
    workedAtSite: (historyBy.get(person.id) ?? []).some((row) => row.siteId === order.site.id),
    workedForClient: (historyBy.get(person.id) ?? []).length > 0,
    distanceKm: null,
    minutesThisWeek: minutesBy.get(person.id) ?? 0,
  }));
  const ranked = rankCandidates(
    {
      clientId: order.client.id,
      siteId: order.site.id,
      startsOn: order.startsOn,
      endsOn: order.endsOn,
      includeWeekends: order.includeWeekends,
      dailyStart: order.dailyStart,
      dailyEnd: order.dailyEnd,
      heightMetres: order.heightMetres,
      skills: order.skills.map(({ skillId, mandatory }) => ({ skillId, mandatory })),
      toolIds: order.tools.map((tool) => tool.toolId),
    },
    candidates,
  ).filter((row) => query.excluded === 'true' || row.excluded === null);
  const byId = new Map(people.map((person) => [person.id, person]));
  return {
    total: ranked.length,
    items: ranked.slice(0, query.limit).map((row) => {
      const person = byId.get(row.id);
      return {
        employee: {
          id: row.id,
          firstName: person?.firstName ?? '',
          lastName: person?.lastName ?? '',
          employeeNumber: person?.employeeNumber ?? '',
          phone: person?.phone ?? null,
          city: person?.city ?? null,
          status: person?.status ?? 'disponible',
        },
        excluded: row.excluded,
        score: Math.round(row.score * 10) / 10,
        reasons: row.reasons,
        assigned: assigned.has(row.id),
      };
    }),
  };
}
