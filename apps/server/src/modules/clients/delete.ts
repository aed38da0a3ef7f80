import type { ClientDeleteOutcome } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { deleteOrArchiveAudited } from '../audit/index.ts';
import { archiveSupervisorsOf } from './archived-supervisors.ts';
import { type ClientDeps, forgetSessions } from './deps.ts';
import { clientsPolicy } from './policy.ts';

/** The client, locked until the transaction ends (so the audit's "before" is what was changed), or 404. */
async function lockClient(tx: Tx, id: string) {
  const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
  if (!client) throw notFound('Client');
  return client;
}

/**
 * Deleted for good when nothing refers to the client (no site, no supervisor…); archived otherwise,
 * with its active supervisors (see updateClient).
 */
export async function deleteClient(deps: ClientDeps, actor: Actor, id: string): Promise<ClientDeleteOutcome> {
  authorize(actor, clientsPolicy.write);
  const result = await deleteOrArchiveAudited(deps.db, {
    actorId: actor.userId,
    entity: 'client',
    id,
    lock: (tx) => lockClient(tx, id),
    remove: (tx) => tx.delete(clients).where(eq(clients.id, id)),
    archive: async (tx) => {
      const [after] = await tx
        .update(clients)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(clients.id, id))
        .returning();
      return after;
    },
    alsoArchive: (tx) => archiveSupervisorsOf(tx, actor, id),
  });
  const archivedSupervisors = result.archived ?? [];
  await forgetSessions(deps.sessions, archivedSupervisors);
  return { outcome: result.outcome, archivedSupervisors: archivedSupervisors.length };
}
