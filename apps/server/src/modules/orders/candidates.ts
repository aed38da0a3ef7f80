import type { Candidate, MatchCandidate, MatchOrder, OrderDetail } from '@brigade/shared';
import { distanceKm, minutesToTime, rankCandidates } from '@brigade/shared';
import { and, type Column, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  assignations,
  employeeSkills,
  employees,
  employeeTools,
  orders,
  sites,
  users,
} from '../../db/schema/index.ts';
import { thisPayWeek } from '../../lib/calendar.ts';
import { aliased, jsonRows, readAll } from '../../lib/executor.ts';
import { matchesSearch } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { loadAwayPeriods, loadBlacklists } from '../absences/index.ts';
import { phoneContactColumns } from '../users/index.ts';
import { ordersPolicy } from './policy.ts';
import { getOrder } from './read.ts';

/** An employee as the ranking reads them (names come later, for those shown). */
interface Person {
  id: string;
  status: (typeof employees.$inferSelect)['status'];
  fearOfHeights: boolean;
  latitude: number | null;
  longitude: number | null;
  active: boolean;
}

/** A confirmed assignation on another order. */
interface Booking {
  employeeId: string;
  orderId: string;
  startsOn: string;
  endsOn: string;
  includeWeekends: boolean;
  dailyStartMinute: number;
  dailyEndMinute: number;
}

/** The order as the shared ranking reads it. */
export function matchOrderOf(order: OrderDetail): MatchOrder {
  return {
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
  };
}

/**
 * What the ranking needs to know of the active employees (or only of `employeeIds`), from a fixed
 * number of reads whatever the number of employees: the people with their skills and tools, their
 * days away and blacklists over the order's range, their confirmed bookings that overlap it, where
 * they have worked, and their booked hours this week. Unless `withExcluded`, only those who hold
 * every mandatory skill (not expiring before the end) are read: the database leaves the others out.
 */
export async function loadMatchCandidates(
  db: Executor,
  order: OrderDetail,
  options: { withExcluded: boolean; employeeIds?: readonly string[] },
) {
  const orderId = order.id;
  const range = { from: order.startsOn, to: order.endsOn, employeeIds: options.employeeIds };
  const { weekStart, weekEnd } = thisPayWeek();
  const only = (column: Column) =>
    options.employeeIds ? inArray(column, [...options.employeeIds]) : undefined;
  const mandatory = order.skills.filter((skill) => skill.mandatory).map((skill) => skill.skillId);
  const holdsMandatory = (employeeId: SQL | Column) =>
    options.withExcluded || mandatory.length === 0
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
      // Up to every active employee: one JSON value rather than 10,000 rows (see jsonRows).
      () =>
        jsonRows<Person>(
          db,
          sql`select ${aliased({
            id: users.id,
            status: employees.status,
            fearOfHeights: employees.fearOfHeights,
            latitude: employees.latitude,
            longitude: employees.longitude,
            active: users.active,
          })}
          from ${employees} join ${users} on ${users.id} = ${employees.userId}
          where ${and(options.employeeIds ? only(users.id) : eq(users.active, true), holdsMandatory(employees.userId))}`,
        ),
      // Only the skills and tools the order asks for: the others count for nothing here.
      () =>
        jsonRows<{ employeeId: string; skillId: string; expiresOn: string | null }>(
          db,
          sql`select ${aliased({
            employeeId: employeeSkills.employeeId,
            skillId: employeeSkills.skillId,
            expiresOn: employeeSkills.expiresOn,
          })}
          from ${employeeSkills}
          where ${and(
            inArray(
              employeeSkills.skillId,
              order.skills.map((skill) => skill.skillId),
            ),
            holdsMandatory(employeeSkills.employeeId),
            only(employeeSkills.employeeId),
          )}`,
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
                  only(employeeTools.employeeId),
                ),
              )
          : Promise.resolve([]),
      () => loadAwayPeriods(db, range),
      () => loadBlacklists(db, range),
      // Confirmed elsewhere on days that touch this order's.
      () =>
        jsonRows<Booking>(
          db,
          sql`select ${aliased({
            employeeId: assignations.employeeId,
            orderId: orders.id,
            startsOn: orders.startsOn,
            endsOn: orders.endsOn,
            includeWeekends: orders.includeWeekends,
            dailyStartMinute: orders.dailyStartMinute,
            dailyEndMinute: orders.dailyEndMinute,
          })}
          from ${assignations} join ${orders} on ${orders.id} = ${assignations.orderId}
          where ${and(
            eq(assignations.status, 'confirmed'),
            ne(orders.id, orderId),
            only(assignations.employeeId),
            sql`${orders.cancelledAt} is null and daterange(${orders.startsOn}, ${orders.endsOn}, '[]') && daterange(${range.from}::date, ${range.to}::date, '[]')`,
          )}`,
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
          .where(
            and(
              eq(assignations.status, 'confirmed'),
              eq(orders.clientId, order.client.id),
              only(assignations.employeeId),
            ),
          ),
      // Booked minutes this week: confirmed orders' daily hours on each of this week's days they
      // work (the week's seven days joined once, not a series per assignation).
      () =>
        jsonRows<{ employeeId: string; minutes: number }>(
          db,
          sql`select ${assignations.employeeId} as "employeeId",
            sum(${orders.dailyEndMinute} - ${orders.dailyStartMinute})::int as "minutes"
          from ${assignations}
          join ${orders} on ${orders.id} = ${assignations.orderId}
          join generate_series(${weekStart}::date, ${weekEnd}::date, interval '1 day') as week(day)
            on week.day between ${orders.startsOn} and ${orders.endsOn}
            and (${orders.includeWeekends} or extract(isodow from week.day) < 6)
          where ${assignations.status} = 'confirmed' and ${orders.cancelledAt} is null
            and ${orders.endsOn} >= ${weekStart}::date and ${orders.startsOn} <= ${weekEnd}::date
          group by ${assignations.employeeId}`,
        ),
      () =>
        db
          .select({ employeeId: assignations.employeeId })
          .from(assignations)
          .where(
            and(eq(assignations.orderId, orderId), inArray(assignations.status, ['pending', 'confirmed'])),
          ),
    ],
  );

  // Where the site is (distance from each home), when it was placed on the map.
  const [site] = await db
    .select({ latitude: sites.latitude, longitude: sites.longitude })
    .from(sites)
    .where(eq(sites.id, order.site.id));
  const group = <Row extends { employeeId: string }>(rows: Row[]) => {
    const map = new Map<string, Row[]>();
    for (const row of rows) {
      const list = map.get(row.employeeId);
      if (list) list.push(row);
      else map.set(row.employeeId, [row]);
    }
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
    active: person.active,
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
    distanceKm:
      site?.latitude != null && site.longitude != null && person.latitude != null && person.longitude != null
        ? distanceKm(
            { latitude: person.latitude, longitude: person.longitude },
            { latitude: site.latitude, longitude: site.longitude },
          )
        : null,
    minutesThisWeek: minutesBy.get(person.id) ?? 0,
  }));
  return { candidates, assigned };
}

/**
 * The employees a search names (every word in their accent-free search text: names in any order,
 * number, phone, e-mail), or undefined when there is no search. The ranking is then kept to them,
 * so the office finds a worker ranked 400th without loading 400 candidates.
 */
async function searchedEmployees(db: Db, q: string | undefined): Promise<Set<string> | undefined> {
  const condition = matchesSearch(users.searchText, q);
  if (!condition) return undefined;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(and(eq(users.active, true), condition));
  return new Set(rows.map((row) => row.id));
}

/** Every active employee ranked for the order (the shared `rankCandidates`). */
export async function orderCandidates(
  db: Db,
  actor: Actor,
  orderId: string,
  query: { excluded: 'true' | 'false'; limit: number; q?: string },
): Promise<{ total: number; items: Candidate[] }> {
  authorize(actor, ordersPolicy.read);
  const order = await getOrder(db, actor, orderId);
  const [{ candidates, assigned }, found] = await Promise.all([
    loadMatchCandidates(db, order, { withExcluded: query.excluded === 'true' }),
    searchedEmployees(db, query.q),
  ]);
  const ranked = rankCandidates(matchOrderOf(order), candidates).filter(
    (row) => (query.excluded === 'true' || row.excluded === null) && (!found || found.has(row.id)),
  );
  const shown = ranked.slice(0, query.limit);
  // Who they are, for the few shown only.
  const named = shown.length
    ? await db
        .select({
          ...phoneContactColumns,
          employeeNumber: employees.employeeNumber,
          city: employees.city,
          status: employees.status,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          inArray(
            users.id,
            shown.map((row) => row.id),
          ),
        )
    : [];
  const people = new Map(named.map((person) => [person.id, person]));
  return {
    total: ranked.length,
    items: shown.map((row) => {
      const person = people.get(row.id);
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
