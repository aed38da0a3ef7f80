import type {
  CreateEmployeeParsed,
  DeleteOutcome,
  EmployeeDetail,
  EmployeeInvitationChannelUsed,
  EmployeeListItem,
  employeeListQuerySchema,
  Page,
  UpdateEmployeeParsed,
} from '@brigade/shared';
import { and, asc, type Column, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { employeeSkills, employees, employeeTools, skills, tools, users } from '../../db/schema/index.ts';
import { companyToday, daysBetween } from '../../lib/calendar.ts';
import { deleteOrArchive, isReferenced } from '../../lib/delete-or-archive.ts';
import { AppError, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import { accentFreeSortKey, matchesSearch, pageOffset } from '../../lib/list.ts';
import { type Actor, authorize, may } from '../../lib/policy.ts';
import { editAction, recordAudit } from '../audit/index.ts';
import { sendInvitation } from '../auth/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import { revokeUserSessions } from '../sessions/index.ts';
import { employeeSearchText } from '../users/index.ts';
import { employeesPolicy } from './policy.ts';

export interface EmployeeDeps {
  db: Db;
  sessions: SessionStore;
  publicUrl: string;
}

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
    id: users.id,
    employeeNumber: employees.employeeNumber,
    firstName: users.firstName,
    lastName: users.lastName,
    phone: users.phone,
    email: users.email,
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

/** The agency numbers its workers E-10001, E-10002…; the first number when there are none yet. */
const employeeNumberPrefix = 'E-';
const firstEmployeeNumber = 10001;

/**
 * The number to suggest for a new employee: one more than the highest number in the agency's format
 * (any case), so it is never one already taken. Two admins creating at once may get the same
 * suggestion; the unique index then answers the second with NAME_NOT_UNIQUE.
 */
export async function nextEmployeeNumber(db: Db, actor: Actor): Promise<{ employeeNumber: string }> {
  authorize(actor, employeesPolicy.write);
  const [row] = await db
    .select({
      highest: sql<
        string | null
      >`max(cast(substring(${employees.employeeNumber} from '^[Ee]-([0-9]{1,15})$') as bigint))`,
    })
    .from(employees);
  const highest = row?.highest === null || row?.highest === undefined ? 0 : Number(row.highest);
  return { employeeNumber: `${employeeNumberPrefix}${Math.max(highest + 1, firstEmployeeNumber)}` };
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

/** The employee's account and record; `forUpdate` locks both rows for the rest of the transaction. */
async function findEmployeeRow(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ user: users, employee: employees })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.userId, id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The skills and tools the audit's before/after snapshots list. */
async function heldSkillsAndTools(tx: Executor, id: string) {
  const [heldSkills, ownedTools] = await readAll(tx, [
    () => tx.select().from(employeeSkills).where(eq(employeeSkills.employeeId, id)),
    () => tx.select().from(employeeTools).where(eq(employeeTools.employeeId, id)),
  ]);
  return { skills: heldSkills, toolIds: ownedTools.map((t) => t.toolId) };
}

/** Everything about one employee, for the detail page and the edit form. */
export async function getEmployee(db: Db, actor: Actor, id: string): Promise<EmployeeDetail> {
  authorize(actor, employeesPolicy.read, { id });
  const row = await findEmployeeRow(db, id);
  if (!row) throw notFound('Employee');
  const { user, employee } = row;
  const [heldSkills, ownedTools, deletable] = await readAll(db, [
    () =>
      db
        .select({
          skillId: skills.id,
          nameFr: skills.nameFr,
          nameEn: skills.nameEn,
          expirable: skills.expirable,
          important: skills.important,
          obtainedOn: employeeSkills.obtainedOn,
          expiresOn: employeeSkills.expiresOn,
        })
        .from(employeeSkills)
        .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
        .where(eq(employeeSkills.employeeId, id))
        .orderBy(desc(skills.important), asc(accentFreeSortKey(skills.nameFr))),
    () =>
      db
        .select({ toolId: tools.id, nameFr: tools.nameFr, nameEn: tools.nameEn })
        .from(employeeTools)
        .innerJoin(tools, eq(tools.id, employeeTools.toolId))
        .where(eq(employeeTools.employeeId, id))
        .orderBy(asc(accentFreeSortKey(tools.nameFr))),
    // Deleting the account deletes the employee record with it (cascade): the account's references decide.
    async () => may(actor, employeesPolicy.write) && !(await isReferenced(db, users, 'id', id)),
  ]);
  const today = companyToday();
  return {
    id: user.id,
    employeeNumber: employee.employeeNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    language: user.language,
    active: user.active,
    street: employee.street,
    city: employee.city,
    province: employee.province,
    postalCode: employee.postalCode,
    status: employee.status,
    fearOfHeights: employee.fearOfHeights,
    warrantyUntil: employee.warrantyUntil,
    notes: may(actor, employeesPolicy.readNotes) ? employee.notes : null,
    skills: heldSkills.map((skill) => {
      const daysLeft = skill.expiresOn ? daysBetween(today, skill.expiresOn) : null;
      return { ...skill, expired: daysLeft !== null && daysLeft < 0, daysLeft };
    }),
    tools: ownedTools,
    deletable,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: new Date(Math.max(employee.updatedAt.getTime(), user.updatedAt.getTime())).toISOString(),
  };
}

type EmployeeInput = CreateEmployeeParsed | UpdateEmployeeParsed;

/**
 * The skills and tools must exist, and only an expirable skill has an expiry date: a date for one
 * that never expires is refused. An expirable skill may be held without one yet (made expirable
 * after it was given, say): the date is shown as to be entered, and the holder stays valid until
 * then. Field errors name the row.
 */
async function checkSkillsAndTools(tx: Executor, input: EmployeeInput) {
  const fields: { path: string; message: string }[] = [];
  const skillIds = input.skills.map((s) => s.skillId);
  const known = skillIds.length
    ? await tx
        .select({ id: skills.id, expirable: skills.expirable })
        .from(skills)
        .where(inArray(skills.id, skillIds))
    : [];
  const byId = new Map(known.map((s) => [s.id, s]));
  input.skills.forEach((held, index) => {
    const skill = byId.get(held.skillId);
    if (!skill) fields.push({ path: `skills.${index}.skillId`, message: 'not_found' });
    else if (!skill.expirable && held.expiresOn)
      fields.push({ path: `skills.${index}.expiresOn`, message: 'not_expirable' });
  });
  const toolIds = [...new Set(input.toolIds)];
  if (toolIds.length) {
    const knownTools = await tx.select({ id: tools.id }).from(tools).where(inArray(tools.id, toolIds));
    if (knownTools.length !== toolIds.length) fields.push({ path: 'toolIds', message: 'not_found' });
  }
  if (fields.length) throw new AppError('VALIDATION_FAILED', 'Invalid skills or tools', { fields });
}

async function writeSkillsAndTools(tx: Tx, employeeId: string, input: EmployeeInput) {
  await tx.delete(employeeSkills).where(eq(employeeSkills.employeeId, employeeId));
  await tx.delete(employeeTools).where(eq(employeeTools.employeeId, employeeId));
  if (input.skills.length) {
    await tx.insert(employeeSkills).values(
      input.skills.map((s) => ({
        employeeId,
        skillId: s.skillId,
        obtainedOn: s.obtainedOn,
        expiresOn: s.expiresOn,
      })),
    );
  }
  const toolIds = [...new Set(input.toolIds)];
  if (toolIds.length) {
    await tx.insert(employeeTools).values(toolIds.map((toolId) => ({ employeeId, toolId })));
  }
}

/** A unique index broken by a write → 409 NAME_NOT_UNIQUE naming the field. */
function uniqueError(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const constraint = violatedConstraint(error);
  const field = constraint === 'users_email_lower_key' ? 'email' : 'employeeNumber';
  return new AppError('NAME_NOT_UNIQUE', `The ${field} is already used`, { field });
}

function userValues(input: EmployeeInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    language: input.language,
    searchText: employeeSearchText(input),
  };
}

function employeeValues(input: EmployeeInput) {
  return {
    employeeNumber: input.employeeNumber,
    street: input.street,
    city: input.city,
    province: input.province,
    postalCode: input.postalCode,
    status: input.status,
    fearOfHeights: input.fearOfHeights,
    warrantyUntil: input.warrantyUntil,
    notes: input.notes,
  };
}

/**
 * Creates the account (no password) and the employee, and invites them (SMS by default) in the same
 * transaction. `invitation` says which channel the link went by: 'none' when it was not asked for,
 * or when the employee has neither a mobile phone nor an e-mail.
 */
export async function createEmployee(
  deps: EmployeeDeps,
  actor: Actor,
  input: CreateEmployeeParsed,
): Promise<{ id: string; invitation: { channel: EmployeeInvitationChannelUsed } }> {
  authorize(actor, employeesPolicy.write);
  try {
    return await deps.db.transaction(async (tx) => {
      await checkSkillsAndTools(tx, input);
      const [user] = await tx
        .insert(users)
        .values({ ...userValues(input), role: 'employee', passwordHash: null })
        .returning();
      const [employee] = await tx
        .insert(employees)
        .values({ userId: user!.id, ...employeeValues(input) })
        .returning();
      await writeSkillsAndTools(tx, user!.id, input);
      const channel =
        input.invitationChannel === 'none'
          ? null
          : await sendInvitation(tx, deps.publicUrl, user!, input.invitationChannel);
      const invitation = { channel: channel ?? ('none' as const) };
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'employee.create',
        entity: 'employee',
        entityId: user!.id,
        after: { ...user, ...employee, skills: input.skills, toolIds: input.toolIds, invitation },
      });
      return { id: user!.id, invitation };
    });
  } catch (error) {
    throw uniqueError(error) ?? error;
  }
}

export async function updateEmployee(
  deps: EmployeeDeps,
  actor: Actor,
  id: string,
  input: UpdateEmployeeParsed,
): Promise<void> {
  authorize(actor, employeesPolicy.write);
  try {
    await deps.db.transaction(async (tx) => {
      const before = await findEmployeeRow(tx, id, { forUpdate: true });
      if (!before) throw notFound('Employee');
      await checkSkillsAndTools(tx, input);
      const beforeHeld = await heldSkillsAndTools(tx, id);
      const now = new Date();
      const [user] = await tx
        .update(users)
        .set({ ...userValues(input), active: input.active, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      const [employee] = await tx
        .update(employees)
        .set({ ...employeeValues(input), updatedAt: now })
        .where(eq(employees.userId, id))
        .returning();
      await writeSkillsAndTools(tx, id, input);
      if (before.user.active && !input.active) await revokeUserSessions(tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: editAction('employee', before.user.active, input.active),
        entity: 'employee',
        entityId: id,
        before: { ...before.user, ...before.employee, ...beforeHeld },
        after: { ...user, ...employee, skills: input.skills, toolIds: input.toolIds },
      });
    });
  } catch (error) {
    throw uniqueError(error) ?? error;
  }
  // The session cache holds a snapshot of the user.
  await deps.sessions.forgetUser(id);
}

/**
 * Deleted for good when nothing refers to the employee (an employee who changed something, and so
 * appears in the audit log, is never deleted); otherwise archived (inactive, terminated).
 */
export async function deleteEmployee(deps: EmployeeDeps, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, employeesPolicy.write);
  const { outcome } = await deleteOrArchive(deps.db, {
    async lock(tx) {
      const row = await findEmployeeRow(tx, id, { forUpdate: true });
      if (!row) throw notFound('Employee');
      return { ...row.user, ...row.employee, ...(await heldSkillsAndTools(tx, id)) };
    },
    async remove(tx, before) {
      await tx.delete(users).where(eq(users.id, id));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'employee.delete',
        entity: 'employee',
        entityId: id,
        before,
      });
    },
    async archive(tx, before) {
      const now = new Date();
      const [user] = await tx
        .update(users)
        .set({ active: false, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      const [employee] = await tx
        .update(employees)
        .set({ status: 'termine', updatedAt: now })
        .where(eq(employees.userId, id))
        .returning();
      await revokeUserSessions(tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'employee.archive',
        entity: 'employee',
        entityId: id,
        before,
        after: { ...user, ...employee },
      });
    },
  });
  await deps.sessions.forgetUser(id);
  return { outcome };
}

/** Sends the invitation link again (a new token), by SMS or e-mail, falling back to what the employee has. */
export async function resendInvitation(
  deps: EmployeeDeps,
  actor: Actor,
  id: string,
  channel: 'sms' | 'email',
): Promise<{ channel: 'sms' | 'email' | null }> {
  authorize(actor, employeesPolicy.write);
  return deps.db.transaction(async (tx) => {
    const row = await findEmployeeRow(tx, id);
    if (!row) throw notFound('Employee');
    if (!row.user.active) throw new AppError('CONFLICT', 'The employee is archived', { reason: 'inactive' });
    const sent = await sendInvitation(tx, deps.publicUrl, row.user, channel);
    if (!sent) {
      throw new AppError('BAD_REQUEST', 'The employee has neither an e-mail nor a mobile phone', {
        reason: 'no_contact',
      });
    }
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'employee.invite',
      entity: 'employee',
      entityId: id,
      after: { channel: sent },
    });
    return { channel: sent };
  });
}
