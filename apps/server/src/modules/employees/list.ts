import type { EmployeeListItem, employeeListQuerySchema, Page } from '@brigade/shared';
import { and, asc, type Column, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { employeeSkills, employees, employeeTools, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { accentFreeSortKey, matchesSearch, pageOffset } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { contactColumns } from '../users/index.ts';
import { employeesPolicy } from './policy.ts';

type ListQuery = z.output<typeof employeeListQuerySchema>;

/**
 * One page of the list, fast at the agency's scale (10,000 workers on the embedded database):
 *  - the page's ids come in an order an index serves (the key, then users.search_text and id in the
 *    same direction; see the *_order_idx indexes), so the first pages never sort everyone;
 *  - the total is counted apart, on users alone unless a filter needs the employees row;
 *  - skill counts are read for the page's rows only.
 */
export async function listEmployees(db: Db, actor: Actor, query: ListQuery): Promise<Page<EmployeeListItem>> {
  authorize(actor, employeesPolicy.list);
  // users.role = 'employee' exactly when an employees row exists (both written together).
  const onUsers: (SQL | undefined)[] = [eq(users.role, 'employee'), matchesSearch(users.searchText, query.q)];
  if (query.active !== 'all') onUsers.push(eq(users.active, query.active === 'true'));
  const onEmployees: SQL[] = [];
  // Skills and tools are held by the employee: the same id in users and employees.
  const holdsSkillAndTool = (employeeId: SQL | Column): SQL[] => {
    const conditions: SQL[] = [];
    if (query.skillId) {
      const stillValid =
        query.skillValid === 'true'
          ? sql` and (${employeeSkills.expiresOn} is null or ${employeeSkills.expiresOn} >= ${companyToday()})`
          : sql``;
      conditions.push(
        sql`exists (select 1 from ${employeeSkills} where ${employeeSkills.employeeId} = ${employeeId} and ${employeeSkills.skillId} = ${query.skillId}${stillValid})`,
      );
    }
    if (query.toolId) {
      conditions.push(
        sql`exists (select 1 from ${employeeTools} where ${employeeTools.employeeId} = ${employeeId} and ${employeeTools.toolId} = ${query.toolId})`,
      );
    }
    return conditions;
  };
  onUsers.push(...holdsSkillAndTool(users.id));
  if (query.status) onEmployees.push(eq(employees.status, query.status));
  if (query.province) onEmployees.push(eq(employees.province, query.province));
  // "montreal" finds Montréal and "MONTRÉAL" finds Montreal: both sides accent- and case-free.
  if (query.city) {
    onEmployees.push(
      sql`${accentFreeSortKey(employees.city)} = ${accentFreeSortKey(sql`${query.city}::text`)}`,
    );
  }
  if (query.fearOfHeights) onEmployees.push(eq(employees.fearOfHeights, query.fearOfHeights === 'true'));

  const countQuery =
    onEmployees.length === 0
      ? db
          .select({ total: count() })
          .from(users)
          .where(and(...onUsers))
      : db
          .select({ total: count() })
          .from(users)
          .innerJoin(employees, eq(employees.userId, users.id))
          .where(and(...onUsers, ...onEmployees));

  const pageColumns = {
    ...contactColumns,
    // What an SMS to them is written in (the composer asks for that language's text).
    language: users.language,
    employeeNumber: employees.employeeNumber,
    city: employees.city,
    province: employees.province,
    status: employees.status,
    active: users.active,
    fearOfHeights: employees.fearOfHeights,
    warrantyUntil: employees.warrantyUntil,
    // The filtered skill's expiry, read beside the page's rows (the filter guarantees one row).
    skillExpiresOn: query.skillId
      ? sql<string | null>`(select ${employeeSkills.expiresOn} from ${employeeSkills}
            where ${employeeSkills.employeeId} = ${users.id} and ${employeeSkills.skillId} = ${query.skillId})`.mapWith(
          employeeSkills.expiresOn,
        )
      : sql<null>`null`,
  };
  const order = employeeOrder(query.sort, query.order);
  const pageQuery =
    !query.q && employeeKeyedSorts.has(query.sort)
      ? // Sorted by an employees column, no search: the page's ids come from employees alone, in
        // an index's order, and only those rows are joined to users. Joining users for every row
        // under the LIMIT made the planner sort all 10,000 for a deep page.
        db
          .select(pageColumns)
          .from(users)
          .innerJoin(employees, eq(employees.userId, users.id))
          .where(
            inArray(
              users.id,
              db
                .select({ id: employees.userId })
                .from(employees)
                .where(
                  and(
                    ...onEmployees,
                    ...holdsSkillAndTool(outerEmployeeId),
                    activeAmongEmployees(query.active),
                  ),
                )
                .orderBy(...order)
                .limit(query.pageSize)
                .offset(pageOffset(query.page, query.pageSize)),
            ),
          )
          .orderBy(...order)
      : db
          .select(pageColumns)
          .from(users)
          .innerJoin(employees, eq(employees.userId, users.id))
          .where(and(...onUsers, ...onEmployees))
          .orderBy(...order)
          .limit(query.pageSize)
          .offset(pageOffset(query.page, query.pageSize));

  const [[counted], rows] = await Promise.all([countQuery, pageQuery]);
  const skillCounts =
    rows.length === 0
      ? []
      : await db
          .select({ id: employeeSkills.employeeId, skillCount: count() })
          .from(employeeSkills)
          .where(
            inArray(
              employeeSkills.employeeId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(employeeSkills.employeeId);
  const skillCountOf = new Map(skillCounts.map((row) => [row.id, Number(row.skillCount)]));

  return {
    items: rows.map((row) => ({ ...row, skillCount: skillCountOf.get(row.id) ?? 0 })),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The employees row's id, qualified, for subqueries of a query on employees alone. */
const outerEmployeeId = sql.raw('"employees"."user_id"');

/** Sorts on an employees column (then on employees.sort_name and user_id). */
const employeeKeyedSorts = new Set<ListQuery['sort']>(['employeeNumber', 'city', 'status', 'warrantyUntil']);

/**
 * The active filter for a query on employees alone (employees.active copies users.active). Written
 * as a bare column, not a parameter, so that the planner can use the active workers' own index.
 */
function activeAmongEmployees(active: ListQuery['active']): SQL | undefined {
  if (active === 'all') return undefined;
  return active === 'true' ? sql`${employees.active}` : sql`not ${employees.active}`;
}

/**
 * ORDER BY for a sort of the list: the key, then the accent-free name (users.search_text starts
 * with last and first names) and the id, all in the same direction so that one index scan (read
 * backwards for descending) gives the order. Blanks come last either way; descending on a column
 * that may be blank has its own index for that (desc nulls last).
 */
function employeeOrder(sort: ListQuery['sort'], order: 'asc' | 'desc'): SQL[] {
  const descending = order === 'desc';
  const by = (key: SQL | Column, nullable = false) =>
    descending ? (nullable ? sql`${key} desc nulls last` : desc(key)) : asc(key);
  const then = [by(users.searchText), by(users.id)];
  // The same order for a key of employees: sort_name and user_id are copies of search_text and id.
  const thenOnEmployees = [by(employees.sortName), by(employees.userId)];
  switch (sort) {
    case 'lastName':
      return then;
    case 'firstName':
      return [by(accentFreeSortKey(users.firstName)), ...then];
    case 'employeeNumber':
      return [by(sql`lower(${employees.employeeNumber})`), ...thenOnEmployees];
    case 'city':
      return [by(accentFreeSortKey(employees.city), true), ...thenOnEmployees];
    case 'status':
      return [by(employees.status), ...thenOnEmployees];
    case 'warrantyUntil':
      return [by(employees.warrantyUntil, true), ...thenOnEmployees];
  }
}
