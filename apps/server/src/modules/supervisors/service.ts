import type {
  DeleteOutcome,
  SupervisorDetail,
  SupervisorListItem,
  SupervisorOrphanedSite,
  supervisorCreateSchema,
  supervisorListQuerySchema,
  supervisorUpdateSchema,
} from '@brigade/shared';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { clients, outbox, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { deleteOrArchive, isReferenced } from '../../lib/delete-or-archive.ts';
import { AppError, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import {
  accentFreeSortKey,
  matchesSearch,
  pageOf,
  pageOffset,
  rowCount,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize, may } from '../../lib/policy.ts';
import { editAction, recordAudit } from '../audit/index.ts';
import { sendInvitation } from '../auth/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import { revokeUserSessions } from '../sessions/index.ts';
import { siteStatusIs, siteStatusSql } from '../sites/index.ts';
import { supervisorSearchText } from '../users/index.ts';
import { supervisorsPolicy } from './policy.ts';

export interface SupervisorDeps {
  db: Db;
  sessions: SessionStore;
  publicUrl: string;
}

type ListQuery = z.output<typeof supervisorListQuerySchema>;
type CreateInput = z.output<typeof supervisorCreateSchema>;
type UpdateInput = z.output<typeof supervisorUpdateSchema>;

const siteCount = sql<number>`(select cast(count(*) as integer) from ${siteSupervisors} where ${siteSupervisors.supervisorId} = ${users.id})`;

function duplicateEmail(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const constraint = violatedConstraint(error);
  if (constraint && constraint !== 'users_email_lower_key') return null;
  return new AppError('NAME_NOT_UNIQUE', 'E-mail must be unique', { field: 'email' });
}

function invalidClient(): AppError {
  return new AppError('VALIDATION_FAILED', 'Unknown or archived client', {
    fields: [{ path: 'clientId', message: 'invalid_client', code: 'custom' }],
  });
}

async function activeClient(db: Executor, clientId: string) {
  const [client] = await db
    .select({ id: clients.id, name: clients.name, active: clients.active })
    .from(clients)
    .where(eq(clients.id, clientId));
  return client ?? null;
}

/**
 * The supervisor, or null. `forUpdate` locks their row until the transaction ends: the lock every
 * check of "is this site still supervised" takes first (see lockSupervisors).
 */
async function findSupervisor(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'supervisor')));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Sites that would be left without an active supervisor if this one left them: sites not yet
 * inactive (active or upcoming) where no other active supervisor is listed. Inside a write, call it
 * once the supervisor's row is locked.
 */
export async function sitesOnlySupervisedBy(
  db: Executor,
  supervisorId: string,
  today = companyToday(),
): Promise<SupervisorOrphanedSite[]> {
  const others = db
    .select({ one: sql`1` })
    .from(siteSupervisors)
    .innerJoin(users, eq(users.id, siteSupervisors.supervisorId))
    .where(
      and(
        eq(siteSupervisors.siteId, sites.id),
        ne(siteSupervisors.supervisorId, supervisorId),
        eq(users.active, true),
      ),
    );
  return db
    .select({ id: sites.id, name: sites.name, clientId: sites.clientId, clientName: clients.name })
    .from(siteSupervisors)
    .innerJoin(sites, eq(sites.id, siteSupervisors.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(
      and(
        eq(siteSupervisors.supervisorId, supervisorId),
        sql`not ${siteStatusIs('inactive', today)}`,
        sql`not exists (${others})`,
      ),
    )
    .orderBy(asc(accentFreeSortKey(sites.name)), asc(sites.id));
}

function soleSupervisorConflict(orphaned: SupervisorOrphanedSite[]): AppError {
  return new AppError('CONFLICT', 'This supervisor is the only one of active sites: replace them first', {
    reason: 'only_supervisor',
    sites: orphaned,
  });
}

export async function listSupervisors(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<{ items: SupervisorListItem[]; total: number; page: number; pageSize: number }> {
  authorize(actor, supervisorsPolicy.list);
  const conditions: (SQL | undefined)[] = [eq(users.role, 'supervisor')];
  if (query.active !== 'all') conditions.push(eq(users.active, query.active === 'true'));
  if (query.clientId) conditions.push(eq(users.clientId, query.clientId));
  conditions.push(matchesSearch(users.searchText, query.q));

  const direction = query.order === 'desc' ? desc : asc;
  const lastName = accentFreeSortKey(users.lastName);
  const firstName = accentFreeSortKey(users.firstName);
  const ordering: Record<typeof query.sort, SQL[]> = {
    lastName: [direction(lastName), direction(firstName)],
    firstName: [direction(firstName), direction(lastName)],
    clientName: [direction(accentFreeSortKey(clients.name)), asc(lastName), asc(firstName)],
    siteCount: [direction(siteCount), asc(lastName), asc(firstName)],
  };

  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      language: users.language,
      clientId: users.clientId,
      clientName: clients.name,
      active: users.active,
      siteCount,
      total: totalCount,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(and(...conditions))
    .orderBy(...ordering[query.sort], asc(users.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));

  return pageOf(rows, query, () =>
    db
      .select({ n: rowCount })
      .from(users)
      .where(and(...conditions)),
  );
}

export async function getSupervisor(db: Executor, actor: Actor, id: string): Promise<SupervisorDetail> {
  authorize(actor, supervisorsPolicy.read, { id });
  const user = await findSupervisor(db, id);
  if (!user) throw notFound('Supervisor');
  const client = user.clientId ? await activeClient(db, user.clientId) : null;
  const siteRows = await db
    .select({
      id: sites.id,
      name: sites.name,
      city: sites.city,
      clientId: sites.clientId,
      status: siteStatusSql(companyToday()),
      startDate: sites.startDate,
      endDate: sites.endDate,
    })
    .from(siteSupervisors)
    .innerJoin(sites, eq(sites.id, siteSupervisors.siteId))
    .where(eq(siteSupervisors.supervisorId, id))
    .orderBy(asc(accentFreeSortKey(sites.name)), asc(sites.id));
  const [invitation] = await db
    .select({ channel: outbox.channel, at: outbox.createdAt, status: outbox.status })
    .from(outbox)
    .where(and(sql`${outbox.meta}->>'userId' = ${id}`, sql`${outbox.meta}->>'kind' = 'invitation'`))
    .orderBy(desc(outbox.createdAt))
    .limit(1);

  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    language: user.language,
    clientId: user.clientId,
    active: user.active,
    client: client ? { id: client.id, name: client.name } : null,
    sites: siteRows,
    // Said before an archive is attempted; the 409 of the archive stays the guard.
    soleSupervisorOf: user.active ? await sitesOnlySupervisedBy(db, id) : [],
    // A site, or a change they made (the audit log keeps its author), keeps them from being deleted.
    deletable: may(actor, supervisorsPolicy.write) && !(await isReferenced(db, users, 'id', id)),
    hasPassword: user.passwordHash !== null,
    lastInvitation: invitation
      ? { channel: invitation.channel, at: invitation.at.toISOString(), status: invitation.status }
      : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export async function createSupervisor(
  deps: SupervisorDeps,
  actor: Actor,
  input: CreateInput,
): Promise<SupervisorDetail> {
  authorize(actor, supervisorsPolicy.write);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const client = await activeClient(tx, input.clientId);
      if (!client?.active) throw invalidClient();
      const [created] = await tx
        .insert(users)
        .values({
          role: 'supervisor',
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          language: input.language,
          clientId: input.clientId,
          searchText: supervisorSearchText(input, client.name),
          passwordHash: null,
        })
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
  } catch (error) {
    throw duplicateEmail(error) ?? error;
  }
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
  try {
    await deps.db.transaction(async (tx) => {
      const before = await findSupervisor(tx, id, { forUpdate: true });
      if (!before) throw notFound('Supervisor');
      const clientChanged = before.clientId !== input.clientId;
      const client = await activeClient(tx, input.clientId);
      // Moving to a client, or coming back, needs an active one; keeping an archived client is allowed.
      const reactivated = !before.active && input.active;
      if (!client || ((clientChanged || reactivated) && !client.active)) throw invalidClient();
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
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          language: input.language,
          clientId: input.clientId,
          active: input.active,
          searchText: supervisorSearchText(input, client.name),
          updatedAt: new Date(),
        })
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
  } catch (error) {
    throw duplicateEmail(error) ?? error;
  }
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
  const { outcome } = await deleteOrArchive(deps.db, {
    async lock(tx) {
      const before = await findSupervisor(tx, id, { forUpdate: true });
      if (!before) throw notFound('Supervisor');
      return before;
    },
    async remove(tx, before) {
      await tx.delete(users).where(eq(users.id, id));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'supervisor.delete',
        entity: 'supervisor',
        entityId: id,
        before,
      });
    },
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
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'supervisor.archive',
        entity: 'supervisor',
        entityId: id,
        before,
        after,
      });
    },
  });
  await deps.sessions.forgetUser(id);
  return { outcome };
}

/** Sends the invitation link again; answers the channel used (e-mail when SMS has no phone). */
export async function resendInvitation(
  deps: SupervisorDeps,
  actor: Actor,
  id: string,
  channel: 'email' | 'sms',
): Promise<{ channel: 'email' | 'sms' }> {
  authorize(actor, supervisorsPolicy.write);
  return deps.db.transaction(async (tx) => {
    const user = await findSupervisor(tx, id);
    if (!user) throw notFound('Supervisor');
    if (!user.active)
      throw new AppError('CONFLICT', 'An archived supervisor cannot be invited', { reason: 'inactive' });
    const used = await sendInvitation(tx, deps.publicUrl, user, channel);
    if (!used) throw new AppError('BAD_REQUEST', 'The supervisor has neither an e-mail nor a phone');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'supervisor.invite',
      entity: 'supervisor',
      entityId: id,
      after: { channel: used },
    });
    return { channel: used };
  });
}
