import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { revokeUserSessions } from '../sessions/index.ts';

// A client's supervisors leave with it and may come back with it. Which ones left with it is read
// from the audit log, which records every archive in the transaction that makes it, with its reason.

/** The `reason` of a supervisor's archive entry when their client's archive archived them. */
const archivedWithClientReason = 'client_archived';

/**
 * The archive of the client and its supervisors, one transaction: its active supervisors are
 * archived too (the agency no longer works with the client, so its foremen must not approve hours
 * any more) and their sessions end (the caller makes the other processes forget them once
 * committed). Their rows are locked in id order, the order every path uses (lockSupervisors);
 * PostgreSQL checks the WHERE again on a row it had to wait for, so one changed meanwhile (moved,
 * archived) is left out. Returns their ids.
 */
export async function archiveSupervisorsOf(tx: Tx, actor: Actor, clientId: string): Promise<string[]> {
  const locked = await tx
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, 'supervisor'), eq(users.active, true)))
    .orderBy(asc(users.id))
    .for('update');
  for (const before of locked) {
    const [after] = await tx
      .update(users)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    await revokeUserSessions(tx, before.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'supervisor.archive',
      entity: 'supervisor',
      entityId: before.id,
      before,
      after: { ...after, reason: archivedWithClientReason },
    });
  }
  return locked.map((supervisor) => supervisor.id);
}

/**
 * The archived supervisors of a client whose last archive or reactivation is an archive made by the
 * client's last archive: those the client's reactivation offers to bring back. One archived earlier
 * on their own, or left archived when the client came back before (and so not touched by its last
 * archive), is not one of them.
 */
export async function supervisorsArchivedWith(db: Executor, clientId: string): Promise<string[]> {
  const lastReason = sql`(
    select a.after ->> 'reason' from ${auditLog} a
    where a.entity = 'supervisor' and a.entity_id = "users"."id"::text
      and a.action in ('supervisor.archive', 'supervisor.reactivate')
      and a.id > (
        select coalesce(max(c.id), 0) from ${auditLog} c
        where c.entity = 'client' and c.entity_id = ${clientId} and c.action = 'client.archive'
      )
    order by a.id desc
    limit 1
  )`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.role, 'supervisor'),
        eq(users.active, false),
        sql`${lastReason} = ${archivedWithClientReason}`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

/** A 400 naming `reactivateSupervisorIds`: one of them was not archived with the client. */
export function notArchivedWithClient(): AppError {
  return new AppError('VALIDATION_FAILED', 'Only supervisors archived with the client come back with it', {
    fields: [{ path: 'reactivateSupervisorIds', message: 'invalid_supervisor', code: 'custom' }],
  });
}

/**
 * Brings back, with their client's reactivation (same transaction), the supervisors the admin chose
 * among those archived with it; refused (400) when one is not. They sign in again with their
 * password: their sessions ended with the archive. Returns their ids.
 */
export async function reactivateSupervisorsWith(
  tx: Tx,
  actor: Actor,
  clientId: string,
  chosenIds: readonly string[],
): Promise<string[]> {
  const chosen = [...new Set(chosenIds)];
  if (chosen.length === 0) return [];
  // Locked first (id order, as everywhere), then checked: nothing can move them in between.
  const locked = await tx
    .select()
    .from(users)
    .where(
      and(
        inArray(users.id, chosen),
        eq(users.clientId, clientId),
        eq(users.role, 'supervisor'),
        eq(users.active, false),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  const returning = new Set(await supervisorsArchivedWith(tx, clientId));
  if (locked.length !== chosen.length || locked.some((row) => !returning.has(row.id))) {
    throw notArchivedWithClient();
  }
  for (const before of locked) {
    const [after] = await tx
      .update(users)
      .set({ active: true, updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'supervisor.reactivate',
      entity: 'supervisor',
      entityId: before.id,
      before,
      after: { ...after, reason: 'client_reactivated' },
    });
  }
  return locked.map((row) => row.id);
}
