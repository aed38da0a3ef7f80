import type { AnonymizeResult, PersonKind } from '@brigade/shared';
import { searchable } from '@brigade/shared';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  absences,
  applicantStatusChanges,
  applicants,
  assignations,
  auditLog,
  conversations,
  employees,
  messages,
  oneTimeTokens,
  outbox,
  phoneChanges,
  timeEntries,
  timeEntryPhotos,
  timesheets,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/index.ts';
import { revokeUserSessions } from '../sessions/index.ts';
import { sitesOnlySupervisedBy, soleSupervisorConflict } from '../supervisors/index.ts';
import { refreshSearchText } from '../users/index.ts';
import { entityOf, findPerson, pseudonymNames, pseudonymOf } from './person.ts';
import { personalDataPolicy } from './policy.ts';

export interface AnonymizeDeps {
  db: Db;
  storage: FileStorage;
  /** Forgets the person's cached sessions in every process, once the change has committed. */
  forgetUser?: (userId: string) => Promise<void>;
}

/** Why a person is anonymised: an admin's request now, or the retention job. */
export type AnonymizeReason = 'request' | 'retention';

/**
 * The keys of an audit row's before/after that hold what a person is known by or wrote: removed
 * from the rows about them, at any depth (an update keeps `{ before: { user, employee } }`).
 */
const personalKeys = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'city',
  'postalCode',
  'latitude',
  'longitude',
  'notes',
  'note',
  'comment',
  'reason',
  'rejectionReason',
  'overrideReason',
  'searchText',
  'sortName',
  'body',
  'ccqCardNumber',
  'cvFileName',
  'approvedByName',
  'approvedIp',
  'approvedUserAgent',
];
const personalKeySet = new Set(personalKeys);

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !personalKeySet.has(key))
      .map(([key, inner]) => [key, scrub(inner)]),
  );
}

/** Removes personal keys from the top level of the audit rows `where` selects (flat rows: hours, absences…). */
async function scrubAuditRows(tx: Executor, where: SQL): Promise<void> {
  const keys = sql`array[${sql.join(
    personalKeys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  await tx.execute(sql`
    update ${auditLog} set
      before = case when jsonb_typeof(before) = 'object' then before - ${keys} else before end,
      after = case when jsonb_typeof(after) = 'object' then after - ${keys} else after end
    where ${where}`);
}

/** The person's own audit rows (their record's changes), scrubbed at every depth. */
async function scrubOwnAuditRows(tx: Executor, id: string): Promise<void> {
  const rows = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.entityId, id));
  for (const row of rows) {
    await tx
      .update(auditLog)
      .set({ before: scrub(row.before), after: scrub(row.after) })
      .where(eq(auditLog.id, row.id));
  }
}

interface Erased {
  fileKeys: string[];
  messages: number;
}

/** Blanks the texts of the SMS of the person's threads (`owner`), forgets the numbers, and stops what has not gone. */
async function blankMessages(tx: Executor, owner: SQL): Promise<number> {
  const threads = tx.select({ id: conversations.id }).from(conversations).where(owner);
  const blanked = await tx
    .update(messages)
    .set({
      body: '',
      phone: '',
      // A draft or a message not yet gone never leaves: there is nobody to send it to any more.
      status: sql`case when ${messages.status} in ('pending', 'queued') then 'failed' else ${messages.status} end`,
      error: sql`case when ${messages.status} in ('pending', 'queued') then 'anonymized' else null end`,
    })
    .where(inArray(messages.conversationId, threads))
    .returning({ id: messages.id });
  await tx.update(conversations).set({ phone: '' }).where(owner);
  return blanked.length;
}

/** E-mails and SMS to their address or number, sent or not: emptied, and those not gone never go. */
async function blankOutbox(tx: Executor, addresses: (string | null)[]): Promise<void> {
  const recipients = addresses.filter((address): address is string => !!address);
  if (recipients.length === 0) return;
  await tx
    .update(outbox)
    .set({
      recipient: '',
      subject: null,
      body: '',
      meta: null,
      status: sql`case when ${outbox.status} in ('pending', 'sending') then 'failed' else ${outbox.status} end`,
      lastError: sql`case when ${outbox.status} in ('pending', 'sending') then 'anonymized' else ${outbox.lastError} end`,
    })
    .where(inArray(outbox.recipient, recipients));
}

async function anonymizeApplicantRow(tx: Executor, id: string, now: Date): Promise<Erased> {
  const [row] = await tx.select().from(applicants).where(eq(applicants.id, id)).for('update');
  if (!row || row.anonymizedAt) return { fileKeys: [], messages: 0 };
  const names = pseudonymNames(id);
  await tx
    .update(applicants)
    .set({
      ...names,
      phone: '',
      email: null,
      city: null,
      ccqCardNumber: null,
      notes: null,
      cvKey: null,
      cvFileName: null,
      cvContentType: null,
      cvSize: null,
      searchText: searchable(names.lastName, names.firstName),
      anonymizedAt: now,
      updatedAt: now,
    })
    .where(eq(applicants.id, id));
  await tx
    .update(applicantStatusChanges)
    .set({ note: null })
    .where(eq(applicantStatusChanges.applicantId, id));
  const blanked = await blankMessages(tx, eq(conversations.applicantId, id));
  await blankOutbox(tx, [row.phone, row.email]);
  await scrubOwnAuditRows(tx, id);
  return { fileKeys: row.cvKey ? [row.cvKey] : [], messages: blanked };
}

async function anonymizeUserRow(tx: Executor, kind: PersonKind, id: string, now: Date): Promise<Erased> {
  const [user] = await tx.select().from(users).where(eq(users.id, id));
  if (!user) return { fileKeys: [], messages: 0 };
  const names = pseudonymNames(id);
  const fileKeys: string[] = [];
  let blanked = 0;
  if (kind === 'employees') {
    await tx
      .update(employees)
      .set({
        street: null,
        city: null,
        postalCode: null,
        latitude: null,
        longitude: null,
        notes: null,
        // Archived, as an employee who left is ("Terminé"): no longer offered work.
        status: 'termine',
        updatedAt: now,
      })
      .where(eq(employees.userId, id));
    const entries = tx.select({ id: timeEntries.id }).from(timeEntries).where(eq(timeEntries.employeeId, id));
    const photos = await tx
      .delete(timeEntryPhotos)
      .where(inArray(timeEntryPhotos.timeEntryId, entries))
      .returning({ storageKey: timeEntryPhotos.storageKey, thumbnailKey: timeEntryPhotos.thumbnailKey });
    for (const photo of photos) fileKeys.push(photo.storageKey, photo.thumbnailKey);
    // Hours and money stay as they are: only the words written beside them go.
    await tx
      .update(timeEntries)
      .set({ comment: null, rejectionReason: null })
      .where(eq(timeEntries.employeeId, id));
    await tx.update(absences).set({ reason: null }).where(eq(absences.employeeId, id));
    await tx.update(assignations).set({ overrideReason: null }).where(eq(assignations.employeeId, id));
    await scrubAuditRows(
      tx,
      or(
        sql`${auditLog.entityId} in (select id::text from ${timeEntries} where ${timeEntries.employeeId} = ${id})`,
        sql`${auditLog.entityId} in (select id::text from ${absences} where ${absences.employeeId} = ${id})`,
        sql`${auditLog.entityId} in (select id::text from ${assignations} where ${assignations.employeeId} = ${id})`,
      ) as SQL,
    );
    // The applicant they were hired from is the same person.
    const [applicant] = await tx
      .select({ id: applicants.id })
      .from(applicants)
      .where(eq(applicants.employeeId, id));
    if (applicant) {
      const erased = await anonymizeApplicantRow(tx, applicant.id, now);
      fileKeys.push(...erased.fileKeys);
      blanked += erased.messages;
    }
  } else {
    // As archiving them: no live site is left without an active supervisor (its hours need one).
    if (user.active) {
      const orphaned = await sitesOnlySupervisedBy(tx, id);
      if (orphaned.length > 0) throw soleSupervisorConflict(orphaned);
    }
    // The name printed on the timesheets they approved, and where they approved from.
    await tx
      .update(timesheets)
      .set({ approvedByName: pseudonymOf(id), approvedIp: null, approvedUserAgent: null })
      .where(eq(timesheets.approvedBy, id));
  }
  blanked += await blankMessages(tx, eq(conversations.userId, id));
  await blankOutbox(tx, [user.phone, user.email]);
  await tx
    .update(users)
    .set({
      ...names,
      email: null,
      phone: null,
      passwordHash: null,
      active: false,
      anonymizedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
  await refreshSearchText(tx, eq(users.id, id));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, id));
  await tx.delete(phoneChanges).where(eq(phoneChanges.userId, id));
  await revokeUserSessions(tx, id);
  await scrubOwnAuditRows(tx, id);
  return { fileKeys, messages: blanked };
}

/**
 * Anonymises one person, irreversibly, in one transaction (Law 25): their name becomes their
 * pseudonym, contact, address and free texts are erased, their CV and receipt photos deleted (the
 * files once the transaction has committed), their SMS texts blanked, their sign-in disabled and
 * their sessions ended. Hours, money, assignations, absences' dates stay: every report and total
 * reads the same before and after. 409 ALREADY_ANONYMIZED the second time. `actor` null: the
 * retention job.
 */
export async function anonymizePerson(
  deps: AnonymizeDeps,
  actor: Actor | null,
  kind: PersonKind,
  id: string,
  reason: AnonymizeReason = 'request',
  now = new Date(),
): Promise<AnonymizeResult> {
  if (actor) authorize(actor, personalDataPolicy.anonymize);
  const erased = await deps.db.transaction(async (tx) => {
    const person = await findPerson(tx, kind, id, { forUpdate: true });
    if (person.anonymizedAt) {
      throw new AppError('ALREADY_ANONYMIZED', 'This person was anonymised already', {
        anonymizedAt: person.anonymizedAt.toISOString(),
      });
    }
    const done =
      kind === 'applicants'
        ? await anonymizeApplicantRow(tx, id, now)
        : await anonymizeUserRow(tx, kind, id, now);
    await recordAudit(tx, {
      actorId: actor?.userId ?? null,
      action: `${entityOf[kind]}.anonymize`,
      entity: entityOf[kind],
      entityId: id,
      before: null,
      after: {
        pseudonym: pseudonymOf(id),
        reason,
        anonymizedAt: now.toISOString(),
        erased: { files: done.fileKeys.length, messages: done.messages },
      },
    });
    return done;
  });
  // The files go once the rows naming them are gone for good; one that fails to go is logged by the
  // caller's error, never brought back (the rows no longer name it).
  for (const key of erased.fileKeys) await deps.storage.remove(key).catch(() => {});
  if (kind !== 'applicants') await deps.forgetUser?.(id);
  return {
    id,
    kind,
    pseudonym: pseudonymOf(id),
    anonymizedAt: now.toISOString(),
    erased: {
      files: erased.fileKeys.filter((key) => !key.startsWith('thumb/')).length,
      messages: erased.messages,
    },
  };
}
