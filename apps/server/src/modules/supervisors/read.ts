import type { SupervisorDetail, SupervisorOrphanedSite } from '@brigade/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients, outbox, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { notFound } from '../../lib/errors.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { type Actor, authorize, may } from '../../lib/policy.ts';
import { recordAccess } from '../privacy-log/index.ts';
import { siteStatusIs, siteStatusSql } from '../sites/index.ts';
import { supervisorsPolicy } from './policy.ts';

export async function activeClient(db: Executor, clientId: string) {
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
export async function findSupervisor(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'supervisor')));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
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
      ? {
          channel: invitation.channel,
          at: invitation.at.toISOString(),
          // In the provider's hands is still on its way, for whoever reads the page.
          status: invitation.status === 'sending' ? 'pending' : invitation.status,
        }
      : null,
    anonymizedAt: user.anonymizedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
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

/**
 * GET /supervisors/:id: the supervisor's file, opened by someone, and noted among who opened it (Law 25).
 * Writes answer through `getSupervisor`: a save is not an opening.
 */
export async function openSupervisor(db: Executor, actor: Actor, id: string): Promise<SupervisorDetail> {
  const found = await getSupervisor(db, actor, id);
  await recordAccess(db, actor, { kind: 'supervisor', id }, 'file');
  return found;
}
