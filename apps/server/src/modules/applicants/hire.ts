import { createEmployeeSchema } from '@brigade/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicantSkills } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { employeeUniqueError, insertEmployee } from '../employees/index.ts';
import { applicantsPolicy } from './policy.ts';
import { lockApplicant, moveApplicant } from './write.ts';

/**
 * Hire: the applicant becomes an employee — names, mobile, e-mail, language, city and skills carried
 * over, the invitation sent (SMS by default) — and both are linked, the applicant marked hired with
 * a step in their history, all in one transaction: a number or e-mail already taken leaves nothing
 * half-done.
 */
export async function hireApplicant(
  deps: { db: Db; publicUrl: string },
  actor: Actor,
  id: string,
  request: { employeeNumber: string; invitationChannel: 'sms' | 'email' | 'none' },
) {
  authorize(actor, applicantsPolicy.write);
  try {
    return await deps.db.transaction(async (tx) => {
      const applicant = await lockApplicant(tx, id);
      if (applicant.employeeId || applicant.status === 'hired') {
        throw new AppError('APPLICANT_HIRED', 'Already hired', { employeeId: applicant.employeeId });
      }
      const held = await tx
        .select({ skillId: applicantSkills.skillId })
        .from(applicantSkills)
        .where(eq(applicantSkills.applicantId, id))
        .orderBy(asc(applicantSkills.skillId));
      const employee = createEmployeeSchema.parse({
        employeeNumber: request.employeeNumber,
        firstName: applicant.firstName,
        lastName: applicant.lastName,
        email: applicant.email,
        phone: applicant.phone,
        language: applicant.language,
        city: applicant.city,
        notes: `Embauché depuis le recrutement (${applicant.source}).`,
        skills: held.map(({ skillId }) => ({ skillId })),
        invitationChannel: request.invitationChannel,
      });
      const created = await insertEmployee(tx, deps.publicUrl, actor, employee, { fromApplicantId: id });
      await moveApplicant(tx, {
        id,
        from: applicant.status,
        to: 'hired',
        note: null,
        actorId: actor.userId,
        employeeId: created.id,
      });
      return { employeeId: created.id, invitation: created.invitation };
    });
  } catch (error) {
    throw employeeUniqueError(error) ?? error;
  }
}
