import {
  type AvailableEmployee,
  type AvailableEmployeesPage,
  availableEmployeeStatuses,
  type availableEmployeesQuerySchema,
  isUnavailable,
  type OpenOrdersOfDay,
} from '@brigade/shared';
import { openAssignationStatuses } from '@brigade/shared/enums';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import {
  assignations,
  clients,
  employeeSkills,
  employees,
  orders,
  sites,
  users,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import {
  accentFreeSortKey,
  matchesSearch,
  pageOf,
  pageOffset,
  rowCount,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { loadAwayPeriods } from '../absences/index.ts';
import { heldSkillsOf } from '../employees/index.ts';
import { orderPlaceAndTimes, skillsOf as orderSkillsOf, worksOn } from '../orders/index.ts';
import { availabilityPolicy } from './policy.ts';

type AvailableEmployeesQuery = z.output<typeof availableEmployeesQuerySchema>;

/** The pending and confirmed assignations: those that hold a place (and book their worker). */
const holdsPlace = inArray(assignations.status, [...openAssignationStatuses]);

/** The employees away the whole of `day` (the absences rule, `isUnavailable`). */
async function awayAllDay(db: Executor, day: string): Promise<string[]> {
  const periods = await loadAwayPeriods(db, { from: day, to: day });
  return [...periods].filter(([, away]) => isUnavailable(away, day)).map(([employeeId]) => employeeId);
}

/**
 * The workers free on `query.date` (today in Montréal by default), a page at a time, sorted by
 * name: active, with a status the office may still call (disponible, assigné), not away the whole
 * day, and not booked (pending or confirmed) on an order that works that day. The page, its total
 * and the filters are all computed in SQL; the days away are read first (a few hundred people at
 * most on one day) and left out by id.
 */
export async function availableEmployees(
  db: Db,
  actor: Actor,
  query: AvailableEmployeesQuery,
): Promise<AvailableEmployeesPage> {
  authorize(actor, availabilityPolicy.read);
  const day = query.date ?? companyToday();
  const away = await awayAllDay(db, day);
  const booked = db
    .select({ one: sql`1` })
    .from(assignations)
    .innerJoin(orders, eq(orders.id, assignations.orderId))
    .where(and(eq(assignations.employeeId, employees.userId), holdsPlace, worksOn(day)));
  const where: (SQL | undefined)[] = [
    sql`${employees.active}`,
    inArray(employees.status, [...availableEmployeeStatuses]),
    away.length ? notInArray(employees.userId, away) : undefined,
    sql`not exists ${booked}`,
    matchesSearch(users.searchText, query.q),
  ];
  if (query.skillId) {
    where.push(
      sql`exists (select 1 from ${employeeSkills} where ${employeeSkills.employeeId} = ${employees.userId}
        and ${employeeSkills.skillId} = ${query.skillId}
        and (${employeeSkills.expiresOn} is null or ${employeeSkills.expiresOn} >= ${day}))`,
    );
  }
  if (query.city) {
    where.push(sql`${accentFreeSortKey(employees.city)} = ${accentFreeSortKey(sql`${query.city}::text`)}`);
  }
  const from = () =>
    db
      .select({
        id: users.id,
        employeeNumber: employees.employeeNumber,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        city: employees.city,
        province: employees.province,
        status: employees.status,
        total: totalCount,
      })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId));
  const rows = await from()
    .where(and(...where))
    .orderBy(asc(users.searchText), asc(users.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const page = await pageOf(rows, query, () =>
    db
      .select({ n: rowCount })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(...where)),
  );
  const held = await skillsOf(
    db,
    page.items.map((item) => item.id),
    day,
  );
  return {
    ...page,
    date: day,
    items: page.items.map((item) => ({ ...item, skills: held.get(item.id) ?? [] })),
  };
}

/** The skills of the page's workers, important first, then by French name; expired on `day`. */
async function skillsOf(db: Executor, employeeIds: string[], day: string) {
  const held = await heldSkillsOf(db, employeeIds);
  return new Map(
    [...held].map(([employeeId, list]): [string, AvailableEmployee['skills']] => [
      employeeId,
      // The list shows neither whether a skill can expire nor when it was obtained.
      list.map(({ expirable, obtainedOn, ...skill }) => ({
        ...skill,
        expired: skill.expiresOn !== null && skill.expiresOn < day,
      })),
    ]),
  );
}

/**
 * The orders that work on `date` (today by default) with places still open: pending and
 * confirmed assignations hold a place. Most urgent first (priority), then by client and site.
 */
export async function openOrdersOfDay(
  db: Db,
  actor: Actor,
  date: string | undefined,
): Promise<OpenOrdersOfDay> {
  authorize(actor, availabilityPolicy.read);
  const day = date ?? companyToday();
  const confirmed = sql<number>`cast(count(*) filter (where ${assignations.status} = 'confirmed') as integer)`;
  const pending = sql<number>`cast(count(*) filter (where ${assignations.status} = 'pending') as integer)`;
  const rows = await db
    .select({
      id: orders.id,
      clientId: clients.id,
      clientName: clients.name,
      siteId: sites.id,
      siteName: sites.name,
      siteCity: sites.city,
      startsOn: orders.startsOn,
      endsOn: orders.endsOn,
      dailyStartMinute: orders.dailyStartMinute,
      dailyEndMinute: orders.dailyEndMinute,
      priority: orders.priority,
      workersNeeded: orders.workersNeeded,
      confirmed,
      pending,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .leftJoin(assignations, and(eq(assignations.orderId, orders.id), holdsPlace))
    .where(worksOn(day))
    .groupBy(orders.id, clients.id, sites.id)
    .having(sql`count(${assignations.id}) < ${orders.workersNeeded}`)
    .orderBy(
      asc(orders.priority),
      asc(accentFreeSortKey(clients.name)),
      asc(accentFreeSortKey(sites.name)),
      asc(orders.id),
    );
  const skillsByOrder = await orderSkillsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    date: day,
    items: rows.map((row) => ({
      ...orderPlaceAndTimes(row),
      priority: row.priority,
      workersNeeded: row.workersNeeded,
      confirmed: row.confirmed,
      pending: row.pending,
      openPlaces: row.workersNeeded - row.confirmed - row.pending,
      skills: skillsByOrder.get(row.id) ?? [],
    })),
  };
}
