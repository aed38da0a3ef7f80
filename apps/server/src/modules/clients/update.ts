import type { ClientDetail, ClientUpdateParsed } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import { clients, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { editAction, recordAudit } from '../audit/index.ts';
import { refreshSiteSearchText } from '../sites/index.ts';
import { refreshSearchText } from '../users/index.ts';
import {
  archiveSupervisorsOf,
  notArchivedWithClient,
  reactivateSupervisorsWith,
} from './archived-supervisors.ts';
import { type ClientDeps, forgetSessions } from './deps.ts';
import { clientsPolicy } from './policy.ts';
import { getClient } from './read.ts';
import { clientValues, translateUnique } from './values.ts';

/**
 * PUT: the whole client is replaced. `active: false` archives it with its supervisors (its sites
 * then count as inactive); reactivating it brings back those of them the admin chose
 * (`reactivateSupervisorIds`), the others staying archived.
 */
export async function updateClient(
  deps: ClientDeps,
  actor: Actor,
  id: string,
  { reactivateSupervisorIds, ...input }: ClientUpdateParsed,
): Promise<ClientDetail> {
  authorize(actor, clientsPolicy.write);
  const changedSupervisors = await deps.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
      if (!before) throw notFound('Client');
      const reactivating = !before.active && input.active;
      if (reactivateSupervisorIds.length > 0 && !reactivating) throw notArchivedWithClient();
      const [after] = await tx
        .update(clients)
        .set({ ...clientValues(input), updatedAt: new Date() })
        .where(eq(clients.id, id))
        .returning();
      // Supervisors and sites are found by their client's name.
      if (after!.name !== before.name) {
        await refreshSearchText(tx, and(eq(users.role, 'supervisor'), eq(users.clientId, id)));
        await refreshSiteSearchText(tx, id);
      }
      await recordAudit(tx, {
        actorId: actor.userId,
        action: editAction('client', before.active, after!.active),
        entity: 'client',
        entityId: id,
        before,
        after,
      });
      if (reactivating) return reactivateSupervisorsWith(tx, actor, id, reactivateSupervisorIds);
      return before.active && !after!.active ? archiveSupervisorsOf(tx, actor, id) : [];
    })
    .catch(translateUnique);
  // The session cache holds a snapshot of each user: refresh theirs everywhere.
  await forgetSessions(deps.sessions, changedSupervisors);
  return getClient(deps.db, actor, id);
}
