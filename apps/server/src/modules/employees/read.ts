import type { EmployeeDetail, EmployeeSkill } from '@brigade/shared';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  applicants,
  employeeSkills,
  employees,
  employeeTools,
  skills,
  tools,
  users,
} from '../../db/schema/index.ts';
import { companyToday, daysBetween } from '../../lib/calendar.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { type Actor, authorize, may } from '../../lib/policy.ts';
import { recordAccess } from '../privacy-log/index.ts';
import { employeesPolicy } from './policy.ts';

/** The employee's account and record; `forUpdate` locks both rows for the rest of the transaction. */
export async function findEmployeeRow(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
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
export async function heldSkillsAndTools(tx: Executor, id: string) {
  const [heldSkills, ownedTools] = await readAll(tx, [
    () => tx.select().from(employeeSkills).where(eq(employeeSkills.employeeId, id)),
    () => tx.select().from(employeeTools).where(eq(employeeTools.employeeId, id)),
  ]);
  return { skills: heldSkills, toolIds: ownedTools.map((t) => t.toolId) };
}

/**
 * The skills each of `employeeIds` holds, important first, then by French name (accents aside):
 * the employee's page and the availability list show them in this order.
 */
export async function heldSkillsOf(db: Executor, employeeIds: string[]) {
  const byEmployee = new Map<string, HeldSkill[]>();
  if (employeeIds.length === 0) return byEmployee;
  const rows = await db
    .select({
      employeeId: employeeSkills.employeeId,
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
    .where(inArray(employeeSkills.employeeId, employeeIds))
    .orderBy(desc(skills.important), asc(accentFreeSortKey(skills.nameFr)));
  for (const { employeeId, ...skill } of rows) {
    byEmployee.set(employeeId, [...(byEmployee.get(employeeId) ?? []), skill]);
  }
  return byEmployee;
}
type HeldSkill = Omit<EmployeeSkill, 'expired' | 'daysLeft'>;

/** Everything about one employee, for the detail page and the edit form. */
export async function getEmployee(db: Db, actor: Actor, id: string): Promise<EmployeeDetail> {
  authorize(actor, employeesPolicy.read, { id });
  const row = await findEmployeeRow(db, id);
  if (!row) throw notFound('Employee');
  const { user, employee } = row;
  const [heldSkills, ownedTools, deletable, hiredFromApplicantId] = await readAll(db, [
    () => heldSkillsOf(db, [id]),
    () =>
      db
        .select({ toolId: tools.id, nameFr: tools.nameFr, nameEn: tools.nameEn })
        .from(employeeTools)
        .innerJoin(tools, eq(tools.id, employeeTools.toolId))
        .where(eq(employeeTools.employeeId, id))
        .orderBy(asc(accentFreeSortKey(tools.nameFr))),
    // Deleting the account deletes the employee record with it (cascade): the account's references decide.
    async () => may(actor, employeesPolicy.write) && !(await isReferenced(db, users, 'id', id)),
    async () =>
      may(actor, employeesPolicy.readNotes)
        ? ((await db.select({ id: applicants.id }).from(applicants).where(eq(applicants.employeeId, id)))[0]
            ?.id ?? null)
        : null,
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
    latitude: employee.latitude,
    longitude: employee.longitude,
    status: employee.status,
    fearOfHeights: employee.fearOfHeights,
    warrantyUntil: employee.warrantyUntil,
    notes: may(actor, employeesPolicy.readNotes) ? employee.notes : null,
    skills: (heldSkills.get(id) ?? []).map((skill) => {
      const daysLeft = skill.expiresOn ? daysBetween(today, skill.expiresOn) : null;
      return { ...skill, expired: daysLeft !== null && daysLeft < 0, daysLeft };
    }),
    tools: ownedTools,
    deletable,
    hasPassword: user.passwordHash !== null,
    hiredFromApplicantId,
    anonymizedAt: user.anonymizedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: new Date(Math.max(employee.updatedAt.getTime(), user.updatedAt.getTime())).toISOString(),
  };
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
 * GET /employees/:id: the employee's file, opened by someone, and noted among who opened it (Law 25).
 * Writes answer through `getEmployee`: a save is not an opening.
 */
export async function openEmployee(db: Db, actor: Actor, id: string): Promise<EmployeeDetail> {
  const found = await getEmployee(db, actor, id);
  await recordAccess(db, actor, { kind: 'employee', id }, 'file');
  return found;
}
