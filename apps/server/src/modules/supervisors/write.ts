import type {
  DeleteOutcome,
  SupervisorDetail,
  SupervisorOrphanedSite,
  supervisorCreateSchema,
  supervisorUpdateSchema,
} from '@brigade/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { siteSupervisors, sites, users } from '../../db/schema/index.ts';
import type { ColumnsOf } from '../../lib/columns.ts';
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
import { assertPhoneFree, phoneUniqueError, supervisorSearchText } from '../users/index.ts';
import { supervisorsPolicy } from './policy.ts';
import { activeClient, findSupervisor, getSupervisor, sitesOnlySupervisedBy } from './read.ts';

export interface SupervisorDeps {
  db: Db;
  sessions: SessionStore;
  publicUrl: string;
}

type CreateInput = z.output<typeof supervisorCreateSchema>;
type UpdateInput = z.output<typeof supervisorUpdateSchema>;

function duplicateEmail(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const phone = phoneUniqueError(error);
  if (phone) return phone;
  const constraint = violatedConstraint(error);
  if (constraint && constraint !== 'users_email_lower_key') return null;
  return new AppError('NAME_NOT_UNIQUE', 'E-mail must be unique', { field: 'email' });
}

/** The user columns a supervisor's form sets, with the search text (which has their client's name). */
function supervisorColumns(input: CreateInput | UpdateInput, clientName: string) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    language: input.language,
    clientId: input.clientId,
    searchText: supervisorSearchText(input, clientName),
  } satisfies ColumnsOf<CreateInput & UpdateInput, 'invitationChannel' | 'active'>;
}

/** A write of a supervisor, in one transaction; an e-mail or mobile another has is a 409 naming the field. */
async function writeSupervisor<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (error) {
    throw duplicateEmail(error) ?? error;
  }
}

function invalidClient(): AppError {
  return new AppError('VALIDATION_FAILED', 'Unknown or archived client', {
    fields: [{ path: 'clientId', message: 'invalid_client', code: 'custom' }],
  });
}

export function soleSupervisorConflict(orphaned: SupervisorOrphanedSite[]): AppError {
  return new AppError('CONFLICT', 'This supervisor is the only one of active sites: replace them first', {
    reason: 'only_supervisor',
    sites: orphaned,
  });
}

export async function createSupervisor(
  deps: SupervisorDeps,
  actor: Actor,
  input: CreateInput,
): Promise<SupervisorDetail> {
  authorize(actor, supervisorsPolicy.write);
  const id = await writeSupervisor(deps.db, async (tx) => {
    const client = await activeClient(tx, input.clientId);
    if (!client?.active) throw invalidClient();
    if (input.phone) await assertPhoneFree(tx, input.phone);
    const [created] = await tx
      .insert(users)
      .values({ role: 'supervisor', ...supervisorColumns(input, client.name), passwordHash: null })
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'supervisor.create',
      entity: 'supervisor',
      entityId: created!.id,
      after: created,
    });
    if (input.invitationChannel !== 'none') {
      await sendInvitation(tx, deps.publicUrl, created!, input.invitationChannel);
    }
    return created!.id;
  });
  return getSupervisor(deps.db, actor, id);
}

/**
 * PUT: the whole supervisor is replaced. Archiving them, or moving them to another client (which
 * takes them off the old client's sites), is refused while a live site has no other active
 * supervisor.
 */
export async function updateSupervisor(
  deps: SupervisorDeps,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<SupervisorDetail> {
  authorize(actor, supervisorsPolicy.write);
  await writeSupervisor(deps.db, async (tx) => {
    const before = await findSupervisor(tx, id, { forUpdate: true });
    if (!before) throw notFound('Supervisor');
    refuseIfAnonymized(before);
    const clientChanged = before.clientId !== input.clientId;
    const client = await activeClient(tx, input.clientId);
    // Moving to a client, or coming back, needs an active one; keeping an archived client is allowed.
    const reactivated = !before.active && input.active;
    if (!client || ((clientChanged || reactivated) && !client.active)) throw invalidClient();
    // A new mobile, or coming back from the archive with one, must be nobody else's now.
    if (input.active && input.phone && (input.phone !== before.phone || reactivated)) {
      await assertPhoneFree(tx, input.phone, { userId: id });
    }
    const deactivated = before.active && !input.active;
    if (deactivated || clientChanged) {
      const orphaned = await sitesOnlySupervisedBy(tx, id);
      if (orphaned.length > 0) throw soleSupervisorConflict(orphaned);
    }
    const siteIdsBefore = await supervisedSiteIds(tx, id);
    const removed = new Set<string>();
    if (clientChanged) {
      // A foreman of another client no longer supervises the old client's sites.
      const oldSites = tx.select({ id: sites.id }).from(sites).where(ne(sites.clientId, input.clientId));
      const deleted = await tx
        .delete(siteSupervisors)
        .where(and(eq(siteSupervisors.supervisorId, id), inArray(siteSupervisors.siteId, oldSites)))
        .returning({ siteId: siteSupervisors.siteId });
      for (const { siteId } of deleted) removed.add(siteId);
    }
    const siteIdsAfter = siteIdsBefore.filter((siteId) => !removed.has(siteId));
    const [after] = await tx
      .update(users)
      .set({ ...supervisorColumns(input, client.name), active: input.active, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (deactivated || clientChanged) await revokeUserSessions(tx, id);
    // The site links are part of the record: the audit shows which sites a move took them off.
    const removedSiteIds = siteIdsBefore.filter((siteId) => removed.has(siteId));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: editAction('supervisor', before.active, input.active),
      entity: 'supervisor',
      entityId: id,
      before: { ...before, siteIds: siteIdsBefore },
      after: { ...after, siteIds: siteIdsAfter, ...(removedSiteIds.length ? { removedSiteIds } : {}) },
    });
  });
  // The session cache holds a snapshot of the user: refresh it everywhere.
  await deps.sessions.forgetUser(id);
  return getSupervisor(deps.db, actor, id);
}

async function supervisedSiteIds(tx: Executor, supervisorId: string): Promise<string[]> {
  const rows = await tx
    .select({ siteId: siteSupervisors.siteId })
    .from(siteSupervisors)
    .where(eq(siteSupervisors.supervisorId, supervisorId))
    .orderBy(asc(siteSupervisors.siteId));
  return rows.map((row) => row.siteId);
}

/**
 * Deleted for good when nothing refers to them (no site, no change of theirs in the audit log),
 * archived otherwise; their sessions end. Archiving is refused while a live site has no other
 * active supervisor.
 */
export async function deleteSupervisor(
  deps: SupervisorDeps,
  actor: Actor,
  id: string,
): Promise<DeleteOutcome> {
  authorize(actor, supervisorsPolicy.write);
  const { outcome } = await deleteOrArchiveAudited(deps.db, {
    actorId: actor.userId,
    entity: 'supervisor',
    id,
    async lock(tx) {
      const before = await findSupervisor(tx, id, { forUpdate: true });
      if (!before) throw notFound('Supervisor');
      return before;
    },
    remove: (tx) => tx.delete(users).where(eq(users.id, id)),
    async archive(tx, before) {
      if (before.active) {
        const orphaned = await sitesOnlySupervisedBy(tx, id);
        if (orphaned.length > 0) throw soleSupervisorConflict(orphaned);
      }
      const [after] = await tx
        .update(users)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await revokeUserSessions(tx, id);
      return after;
    },
  });
  await deps.sessions.forgetUser(id);
  return { outcome };
}
