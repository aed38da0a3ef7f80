import {
  type CreateEmployeeParsed,
  type DeleteOutcome,
  type EmployeeDetail,
  type EmployeeListItem,
  type employeeListQuerySchema,
  type Page,
  searchable,
  type UpdateEmployeeParsed,
} from '@brigade/shared';
import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { employeeSkills, employees, employeeTools, skills, tools, users } from '../../db/schema/index.ts';
import { deleteOrArchive, isForeignKeyViolation } from '../../lib/delete-or-archive.ts';
import { AppError, forbidden, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { matchesSearch, pageOffset, totalCount } from '../../lib/list.ts';
import { recordAudit } from '../audit/service.ts';
import { sendInvitation } from '../auth/invitations.ts';
import type { SessionStore } from '../auth/session-store.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { type Actor, canManageEmployees, canReadEmployee, canReadEmployeeNotes } from './policy.ts';

export interface EmployeeDeps {
  db: Db;
  sessions: SessionStore;
  publicUrl: string;
}

type ListQuery = z.output<typeof employeeListQuerySchema>;

/** The company's calendar day (America/Toronto), yyyy-MM-dd. */
export function companyToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(now);
}

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The users row's search text: names, number, e-mail, phone digits, city. Last name first: the list
 * sorts by it (an accent-free "last name, first name" order without a per-row function).
 */
export function employeeSearchText(input: {
  firstName: string;
  lastName: string;
  employeeNumber: string;
  email: string | null;
  phone: string | null;
  city: string | null;
}): string {
  const digits = input.phone?.replace(/\D/g, '') ?? '';
  // The national number too, so "514555" finds "+15145551234".
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : '';
  return searchable(
    input.lastName,
    input.firstName,
    input.employeeNumber,
    input.email,
    digits,
    national,
    input.city,
  );
}

// Accent-free, case-free sort key computed in SQL (works on PGlite's C collation and PostgreSQL alike).
const accented = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ';
const plain = 'aaaaaaceeeeiiiinooooouuuuyyoaAAAAAACEEEEIIIINOOOOOUUUUYY';
const sortKey = (column: SQL | Column) => sql`lower(translate(${column}, ${accented}, ${plain}))`;

/** The list: one query (page + total with count(*) over ()), skill counts only for the page's rows. */
export async function listEmployees(db: Db, query: ListQuery): Promise<Page<EmployeeListItem>> {
  const conditions: (SQL | undefined)[] = [matchesSearch(users.searchText, query.q)];
  if (query.active !== 'all') conditions.push(eq(users.active, query.active === 'true'));
  if (query.status) conditions.push(eq(employees.status, query.status));
  if (query.province) conditions.push(eq(employees.province, query.province));
  if (query.city) conditions.push(sql`lower(${employees.city}) = ${query.city.toLowerCase()}`);
  if (query.fearOfHeights) conditions.push(eq(employees.fearOfHeights, query.fearOfHeights === 'true'));
  if (query.skillId) {
    conditions.push(
      sql`exists (select 1 from ${employeeSkills} where ${employeeSkills.employeeId} = ${employees.userId} and ${employeeSkills.skillId} = ${query.skillId})`,
    );
  }
  if (query.toolId) {
    conditions.push(
      sql`exists (select 1 from ${employeeTools} where ${employeeTools.employeeId} = ${employees.userId} and ${employeeTools.toolId} = ${query.toolId})`,
    );
  }

  // Sort keys are plain columns where possible: a per-row function over 10,000 rows costs more than
  // the rest of the query. users.search_text starts with the normalized last and first names, so it
  // is the accent-free name order for free.
  const byName = sql`${users.searchText}`;
  const primary: SQL = {
    lastName: byName,
    firstName: sortKey(users.firstName),
    employeeNumber: sql`lower(${employees.employeeNumber})`,
    city: sortKey(employees.city),
    status: sql`${employees.status}`,
    warrantyUntil: sql`${employees.warrantyUntil}`,
  }[query.sort];
  const direction = query.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;

  // The page's ids and the total in one pass; the columns of only those rows are read after.
  const pageRows = db
    .select({
      id: employees.userId,
      k1: primary.as('k1'),
      k2: byName.as('k2'),
      total: sql<number>`${totalCount}`.as('total'),
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(...conditions))
    .orderBy(sql`k1 ${direction}`, sql`k2 asc`, asc(employees.userId))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize))
    .as('page_rows');

  const rows = await db
    .select({
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
      total: pageRows.total,
      skillCount: sql<number>`(select cast(count(*) as integer) from ${employeeSkills} where ${employeeSkills.employeeId} = ${pageRows.id})`,
    })
    .from(pageRows)
    .innerJoin(users, eq(users.id, pageRows.id))
    .innerJoin(employees, eq(employees.userId, pageRows.id))
    .orderBy(sql`${pageRows.k1} ${direction}`, asc(pageRows.k2), asc(pageRows.id));

  return {
    items: rows.map(({ total: _total, ...item }) => ({ ...item, skillCount: Number(item.skillCount) })),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function findEmployeeRow(db: Executor, id: string) {
  const [row] = await db
    .select({ user: users, employee: employees })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.userId, id))
    .limit(1);
  return row;
}

class ProbeRollback extends Error {}

/**
 * A row still refers to the user. ON DELETE RESTRICT raises restrict_violation (23001), which
 * lib/delete-or-archive's isForeignKeyViolation (23503 only) does not recognize yet.
 */
function isReferenced(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return isForeignKeyViolation(error) || e?.code === '23001' || e?.cause?.code === '23001';
}

/** Would DELETE remove the employee for good? The database's foreign keys decide (tried, then rolled back). */
async function isDeletable(db: Db, id: string): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, id));
      throw new ProbeRollback();
    });
  } catch (error) {
    if (error instanceof ProbeRollback) return true;
    if (isReferenced(error)) return false;
    throw error;
  }
  return false;
}

/** Everything about one employee, for the detail page and the edit form. */
export async function getEmployee(db: Db, actor: Actor, id: string): Promise<EmployeeDetail> {
  if (!canReadEmployee(actor, id)) throw forbidden();
  const row = await findEmployeeRow(db, id);
  if (!row) throw notFound('Employee');
  const { user, employee } = row;
  const [heldSkills, ownedTools, deletable] = await Promise.all([
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
      .orderBy(desc(skills.important), asc(sortKey(sql`${skills.nameFr}`))),
    db
      .select({ toolId: tools.id, nameFr: tools.nameFr, nameEn: tools.nameEn })
      .from(employeeTools)
      .innerJoin(tools, eq(tools.id, employeeTools.toolId))
      .where(eq(employeeTools.employeeId, id))
      .orderBy(asc(sortKey(sql`${tools.nameFr}`))),
    canManageEmployees(actor) ? isDeletable(db, id) : Promise.resolve(false),
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
    notes: canReadEmployeeNotes(actor) ? employee.notes : null,
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

/** The skills and tools must exist; an expirable skill needs its expiry date. Field errors name the row. */
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
    else if (skill.expirable && !held.expiresOn)
      fields.push({ path: `skills.${index}.expiresOn`, message: 'required' });
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

/** Creates the account (no password) and the employee, and invites them (SMS by default) in the same transaction. */
export async function createEmployee(
  deps: EmployeeDeps,
  actor: Actor,
  input: CreateEmployeeParsed,
): Promise<{ id: string; invitation: 'email' | 'sms' | null }> {
  if (!canManageEmployees(actor)) throw forbidden();
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
      const invitation =
        input.invitationChannel === 'none'
          ? null
          : await sendInvitation(tx, deps.publicUrl, user!, input.invitationChannel);
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
  if (!canManageEmployees(actor)) throw forbidden();
  try {
    await deps.db.transaction(async (tx) => {
      const before = await findEmployeeRow(tx, id);
      if (!before) throw notFound('Employee');
      await checkSkillsAndTools(tx, input);
      const [beforeSkills, beforeTools] = await Promise.all([
        tx.select().from(employeeSkills).where(eq(employeeSkills.employeeId, id)),
        tx.select().from(employeeTools).where(eq(employeeTools.employeeId, id)),
      ]);
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
        action: before.user.active && !input.active ? 'employee.deactivate' : 'employee.update',
        entity: 'employee',
        entityId: id,
        before: {
          ...before.user,
          ...before.employee,
          skills: beforeSkills,
          toolIds: beforeTools.map((t) => t.toolId),
        },
        after: { ...user, ...employee, skills: input.skills, toolIds: input.toolIds },
      });
    });
  } catch (error) {
    throw uniqueError(error) ?? error;
  }
  // The session cache holds a snapshot of the user.
  await deps.sessions.forgetUser(id);
}

/** Deleted for good when nothing refers to the employee; otherwise archived (inactive, terminated). */
export async function deleteEmployee(deps: EmployeeDeps, actor: Actor, id: string): Promise<DeleteOutcome> {
  if (!canManageEmployees(actor)) throw forbidden();
  const before = await findEmployeeRow(deps.db, id);
  if (!before) throw notFound('Employee');
  const snapshot = { ...before.user, ...before.employee };
  const outcome = await deleteOrArchive(deps.db, {
    async remove(tx) {
      await tx
        .delete(users)
        .where(eq(users.id, id))
        .catch((error: unknown) => {
          // Reported as a foreign_key_violation so that deleteOrArchive archives.
          throw isReferenced(error)
            ? Object.assign(new Error('referenced'), { code: '23503', cause: error })
            : error;
        });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'employee.delete',
        entity: 'employee',
        entityId: id,
        before: snapshot,
      });
    },
    async archive(tx) {
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
        before: snapshot,
        after: { ...user, ...employee },
      });
    },
  });
  await deps.sessions.forgetUser(id);
  return outcome;
}

/** Sends the invitation link again (a new token), by SMS or e-mail, falling back to what the employee has. */
export async function resendInvitation(
  deps: EmployeeDeps,
  actor: Actor,
  id: string,
  channel: 'sms' | 'email',
): Promise<{ channel: 'sms' | 'email' | null }> {
  if (!canManageEmployees(actor)) throw forbidden();
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
