import type {
  ApplicantCreateParsed,
  ApplicantDetail,
  ApplicantStatus,
  ApplicantUpdateParsed,
  DeleteOutcome,
} from '@brigade/shared';
import { searchable } from '@brigade/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { applicantSkills, applicantStatusChanges, applicants, skills } from '../../db/schema/index.ts';
import { AppError, notFound, refuseIfAnonymized } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { deleteAudited, recordAudit } from '../audit/index.ts';
import { conversationFor } from '../messages/index.ts';
import { assertPhoneFree, phoneWords } from '../users/index.ts';
import { applicantsPolicy } from './policy.ts';
import { findApplicant } from './read.ts';

type ApplicantFields = ApplicantCreateParsed | ApplicantUpdateParsed;

/** Accent-free "last first e-mail phone city", what the list's search reads. */
function applicantSearchText(input: ApplicantFields): string {
  return searchable(input.lastName, input.firstName, input.email, ...phoneWords(input.phone), input.city);
}

function columnsOf(input: ApplicantFields) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    email: input.email,
    language: input.language,
    city: input.city,
    yearsOfExperience: input.yearsOfExperience ?? null,
    ccqCardNumber: input.ccqCardNumber,
    ccqCardLevel: input.ccqCardLevel ?? null,
    ccqCardExpiresOn: input.ccqCardExpiresOn,
    availableOn: input.availableOn,
    source: input.source,
    notes: input.notes,
    searchText: applicantSearchText(input),
  };
}

async function writeSkills(tx: Tx, applicantId: string, skillIds: string[]) {
  const ids = [...new Set(skillIds)];
  if (ids.length) {
    const known = await tx.select({ id: skills.id }).from(skills).where(inArray(skills.id, ids));
    if (known.length !== ids.length) {
      throw new AppError('VALIDATION_FAILED', 'Unknown skill', {
        fields: [{ path: 'skillIds', message: 'not_found' }],
      });
    }
  }
  await tx.delete(applicantSkills).where(eq(applicantSkills.applicantId, applicantId));
  if (ids.length) await tx.insert(applicantSkills).values(ids.map((skillId) => ({ applicantId, skillId })));
}

/** A step of the history, written with the change it records. */
export async function recordStatusChange(
  tx: Tx,
  change: {
    applicantId: string;
    from: ApplicantStatus | null;
    to: ApplicantStatus;
    note: string | null;
    actorId: string;
  },
) {
  await tx.insert(applicantStatusChanges).values({
    applicantId: change.applicantId,
    fromStatus: change.from,
    toStatus: change.to,
    note: change.note,
    changedBy: change.actorId,
  });
}

/**
 * Moves an applicant to a status in the caller's transaction: the row, a step of its history and
 * the audit row. Hiring (`employeeId`) also links the employee, and its audit row names them where
 * a move on the board keeps its note.
 */
export async function moveApplicant(
  tx: Tx,
  move: {
    id: string;
    from: ApplicantStatus;
    to: ApplicantStatus;
    note: string | null;
    actorId: string;
    employeeId?: string;
  },
) {
  const { id, from, to, note, actorId, employeeId } = move;
  const hired = employeeId ? { employeeId } : undefined;
  await tx
    .update(applicants)
    .set({ status: to, ...hired, updatedAt: new Date() })
    .where(eq(applicants.id, id));
  await recordStatusChange(tx, { applicantId: id, from, to, note, actorId });
  await recordAudit(tx, {
    actorId,
    action: hired ? 'applicant.hire' : 'applicant.status',
    entity: 'applicant',
    entityId: id,
    before: { status: from },
    after: { status: to, ...(hired ?? { note }) },
  });
}

export async function lockApplicant(tx: Tx, id: string, options: { anonymized?: 'allowed' } = {}) {
  const [row] = await tx.select().from(applicants).where(eq(applicants.id, id)).for('update');
  if (!row) throw notFound('Applicant');
  // Anonymised (Law 25): nothing of theirs changes any more; only a delete is still allowed.
  if (options.anonymized !== 'allowed') refuseIfAnonymized(row);
  return row;
}

export async function createApplicant(
  db: Db,
  actor: Actor,
  input: ApplicantCreateParsed,
): Promise<ApplicantDetail> {
  authorize(actor, applicantsPolicy.write);
  if (input.status === 'hired') {
    throw new AppError('VALIDATION_FAILED', 'Hire them from their page', {
      fields: [{ path: 'status', message: 'hire_instead' }],
    });
  }
  const id = await db.transaction(async (tx) => {
    await assertPhoneFree(tx, input.phone);
    const [row] = await tx
      .insert(applicants)
      .values({ ...columnsOf(input), status: input.status, createdBy: actor.userId })
      .returning();
    if (!row) throw new Error('applicant not inserted');
    await writeSkills(tx, row.id, input.skillIds);
    await recordStatusChange(tx, {
      applicantId: row.id,
      from: null,
      to: input.status,
      note: null,
      actorId: actor.userId,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'applicant.create',
      entity: 'applicant',
      entityId: row.id,
      after: { ...row, skillIds: input.skillIds },
    });
    return row.id;
  });
  return (await findApplicant(db, id)) as ApplicantDetail;
}

export async function updateApplicant(
  db: Db,
  actor: Actor,
  id: string,
  input: ApplicantUpdateParsed,
): Promise<ApplicantDetail> {
  authorize(actor, applicantsPolicy.write);
  await db.transaction(async (tx) => {
    const before = await lockApplicant(tx, id);
    // Not hired, their mobile is theirs alone; hired, it is their employee's (checked there).
    if (!before.employeeId && input.phone !== before.phone) {
      await assertPhoneFree(tx, input.phone, { applicantId: id });
    }
    const [after] = await tx
      .update(applicants)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(applicants.id, id))
      .returning();
    await writeSkills(tx, id, input.skillIds);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'applicant.update',
      entity: 'applicant',
      entityId: id,
      before,
      after: { ...after, skillIds: input.skillIds },
    });
  });
  return (await findApplicant(db, id)) as ApplicantDetail;
}

/** Moves an applicant on the board; a hired one stays hired. */
export async function changeApplicantStatus(
  db: Db,
  actor: Actor,
  id: string,
  change: { status: ApplicantStatus; note: string | null },
): Promise<ApplicantDetail> {
  authorize(actor, applicantsPolicy.write);
  await db.transaction(async (tx) => {
    const before = await lockApplicant(tx, id);
    if (before.status === 'hired') throw new AppError('APPLICANT_HIRED', 'Already hired');
    if (before.status === change.status && !change.note) return;
    await moveApplicant(tx, {
      id,
      from: before.status,
      to: change.status,
      note: change.note,
      actorId: actor.userId,
    });
  });
  return (await findApplicant(db, id)) as ApplicantDetail;
}

/** Deletes an applicant who was not hired, and their CV (once the row is gone). */
export async function deleteApplicant(
  deps: { db: Db; storage: FileStorage },
  actor: Actor,
  id: string,
): Promise<DeleteOutcome> {
  authorize(actor, applicantsPolicy.write);
  const cvKey = await deps.db.transaction(async (tx) => {
    const before = await lockApplicant(tx, id, { anonymized: 'allowed' });
    if (before.employeeId) throw new AppError('APPLICANT_HIRED', 'Hired applicants are kept');
    await deleteAudited(tx, applicants, { actorId: actor.userId, entity: 'applicant', before });
    return before.cvKey;
  });
  if (cvKey) await deps.storage.remove(cvKey);
  return { outcome: 'deleted' };
}

/** The applicant's Applicants conversation, created the first time (with their mobile). */
export async function applicantConversation(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ conversationId: string }> {
  authorize(actor, applicantsPolicy.write);
  return db.transaction(async (tx) => {
    const applicant = await lockApplicant(tx, id);
    const conversationId = await conversationFor(
      tx,
      { userId: null, applicantId: id, phone: applicant.phone },
      'Applicants',
    );
    return { conversationId };
  });
}
