import type {
  CreateEmployeeParsed,
  DeleteOutcome,
  EmployeeInvitationChannelUsed,
  UpdateEmployeeParsed,
} from '@brigade/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { employeeSkills, employees, employeeTools, skills, tools, users } from '../../db/schema/index.ts';
import {
  AppError,
  isUniqueViolation,
  notFound,
  refuseIfAnonymized,
  violatedConstraint,
} from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { deleteOrArchiveAudited, editAction, recordAudit } from '../audit/index.ts';
import { sendInvitation } from '../auth/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import { revokeUserSessions } from '../sessions/index.ts';
import { assertPhoneFree, employeeSearchText, phoneUniqueError } from '../users/index.ts';
import { employeesPolicy } from './policy.ts';
import { findEmployeeRow, heldSkillsAndTools } from './read.ts';

export interface EmployeeDeps {
  db: Db;
  sessions: SessionStore;
  publicUrl: string;
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

/** A unique index broken by a write → 409 NAME_NOT_UNIQUE (or PHONE_NOT_UNIQUE) naming the field. */
function uniqueError(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const phone = phoneUniqueError(error);
  if (phone) return phone;
  const constraint = violatedConstraint(error);
  const field = constraint === 'users_email_lower_key' ? 'email' : 'employeeNumber';
  return new AppError('NAME_NOT_UNIQUE', `The ${field} is already used`, { field });
}

function userValues(input: EmployeeInput) {
  const { firstName, lastName, email, phone, language } = input;
  return { firstName, lastName, email, phone, language, searchText: employeeSearchText(input) };
}

function employeeValues(input: EmployeeInput) {
  const { employeeNumber, street, city, province, postalCode, latitude, longitude } = input;
  const { status, fearOfHeights, warrantyUntil, notes } = input;
  return {
    employeeNumber,
    street,
    city,
    province,
    postalCode,
    latitude,
    longitude,
    status,
    fearOfHeights,
    warrantyUntil,
    notes,
  };
}

/**
 * Inside the caller's transaction: the account (no password), the employee, their skills and
 * tools, the invitation (SMS by default) and the audit row. `invitation` says which channel the
 * link went by: 'none' when it was not asked for, or when the employee has neither a mobile phone
 * nor an e-mail. Hiring an applicant calls it in its own transaction.
 */
export async function insertEmployee(
  tx: Tx,
  publicUrl: string,
  actor: Actor,
  input: CreateEmployeeParsed,
  /** Hiring: the applicant whose mobile the employee takes over. */
  options: { fromApplicantId?: string } = {},
): Promise<{ id: string; invitation: { channel: EmployeeInvitationChannelUsed } }> {
  if (input.phone) await assertPhoneFree(tx, input.phone, { applicantId: options.fromApplicantId });
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
      : await sendInvitation(tx, publicUrl, user!, input.invitationChannel);
  const invitation = { channel: channel ?? ('none' as const) };
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'employee.create',
    entity: 'employee',
    entityId: user!.id,
    after: { ...user, ...employee, skills: input.skills, toolIds: input.toolIds, invitation },
  });
  return { id: user!.id, invitation };
}

/** A unique index broken by an employee's insert → 409 NAME_NOT_UNIQUE naming the field, else null. */
export const employeeUniqueError = uniqueError;

/** Creates the employee and invites them, in one transaction (see insertEmployee). */
export async function createEmployee(
  deps: EmployeeDeps,
  actor: Actor,
  input: CreateEmployeeParsed,
): Promise<{ id: string; invitation: { channel: EmployeeInvitationChannelUsed } }> {
  authorize(actor, employeesPolicy.write);
  try {
    return await deps.db.transaction((tx) => insertEmployee(tx, deps.publicUrl, actor, input));
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
      refuseIfAnonymized(before.user);
      // A new mobile, or coming back from the archive with one, must be nobody else's now.
      const takesPhone = input.phone !== before.user.phone || !before.user.active;
      if (input.active && input.phone && takesPhone) await assertPhoneFree(tx, input.phone, { userId: id });
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
  const { outcome } = await deleteOrArchiveAudited(deps.db, {
    actorId: actor.userId,
    entity: 'employee',
    id,
    async lock(tx) {
      const row = await findEmployeeRow(tx, id, { forUpdate: true });
      if (!row) throw notFound('Employee');
      return { ...row.user, ...row.employee, ...(await heldSkillsAndTools(tx, id)) };
    },
    // The account goes, and its employee record with it (cascade).
    remove: (tx) => tx.delete(users).where(eq(users.id, id)),
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
      return { ...user, ...employee };
    },
  });
  await deps.sessions.forgetUser(id);
  return { outcome };
}
