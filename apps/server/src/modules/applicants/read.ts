import type { ApplicantDetail, ApplicantListItem } from '@brigade/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicantSkills,
  applicantStatusChanges,
  applicants,
  conversations,
  employees,
  skills,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAccess } from '../privacy-log/index.ts';
import { applicantsPolicy } from './policy.ts';

type ApplicantRow = typeof applicants.$inferSelect;

/** The skills of each applicant, by French name (accents aside). */
export async function skillsOfApplicants(db: Executor, ids: string[]) {
  const bySkill = new Map<string, ApplicantListItem['skills']>();
  if (!ids.length) return bySkill;
  const rows = await db
    .select({
      applicantId: applicantSkills.applicantId,
      id: skills.id,
      nameFr: skills.nameFr,
      nameEn: skills.nameEn,
    })
    .from(applicantSkills)
    .innerJoin(skills, eq(skills.id, applicantSkills.skillId))
    .where(inArray(applicantSkills.applicantId, ids))
    .orderBy(asc(accentFreeSortKey(skills.nameFr)));
  for (const { applicantId, ...skill } of rows)
    bySkill.set(applicantId, [...(bySkill.get(applicantId) ?? []), skill]);
  return bySkill;
}

export function toListItem(
  row: ApplicantRow,
  applicantSkillList: ApplicantListItem['skills'],
): ApplicantListItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    city: row.city,
    status: row.status,
    source: row.source,
    yearsOfExperience: row.yearsOfExperience,
    availableOn: row.availableOn,
    ccqCardLevel: row.ccqCardLevel,
    hasCv: row.cvKey !== null,
    skills: applicantSkillList,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findApplicant(db: Executor, id: string): Promise<ApplicantDetail | undefined> {
  const [row] = await db.select().from(applicants).where(eq(applicants.id, id)).limit(1);
  if (!row) return undefined;
  const [skillMap, history, employee, conversation] = await readAll(db, [
    () => skillsOfApplicants(db, [id]),
    () =>
      db
        .select({ change: applicantStatusChanges, firstName: users.firstName, lastName: users.lastName })
        .from(applicantStatusChanges)
        .leftJoin(users, eq(users.id, applicantStatusChanges.changedBy))
        .where(eq(applicantStatusChanges.applicantId, id))
        .orderBy(desc(applicantStatusChanges.changedAt), desc(applicantStatusChanges.id)),
    () =>
      row.employeeId
        ? db
            .select({ id: employees.userId, employeeNumber: employees.employeeNumber })
            .from(employees)
            .where(eq(employees.userId, row.employeeId))
        : Promise.resolve([]),
    () =>
      db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.applicantId, id), eq(conversations.type, 'Applicants')))
        .limit(1),
  ]);
  return {
    ...toListItem(row, skillMap.get(id) ?? []),
    language: row.language,
    ccqCardNumber: row.ccqCardNumber,
    ccqCardExpiresOn: row.ccqCardExpiresOn,
    notes: row.notes,
    cv:
      row.cvKey && row.cvFileName && row.cvContentType
        ? { fileName: row.cvFileName, contentType: row.cvContentType, size: row.cvSize ?? 0 }
        : null,
    employee: employee[0] ?? null,
    history: history.map(({ change, firstName, lastName }) => ({
      id: change.id,
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      note: change.note,
      changedBy:
        change.changedBy && firstName !== null
          ? { id: change.changedBy, firstName, lastName: lastName ?? '' }
          : null,
      changedAt: change.changedAt.toISOString(),
    })),
    conversationId: conversation[0]?.id ?? null,
    anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getApplicant(db: Executor, actor: Actor, id: string): Promise<ApplicantDetail> {
  authorize(actor, applicantsPolicy.read);
  const applicant = await findApplicant(db, id);
  if (!applicant) throw notFound('Applicant');
  return applicant;
}

/**
 * GET /applicants/:id: the applicant's file, opened by someone, and noted among who opened it (Law 25).
 * Writes answer through `getApplicant`: a save is not an opening.
 */
export async function openApplicant(db: Executor, actor: Actor, id: string): Promise<ApplicantDetail> {
  const found = await getApplicant(db, actor, id);
  await recordAccess(db, actor, { kind: 'applicant', id }, 'file');
  return found;
}
