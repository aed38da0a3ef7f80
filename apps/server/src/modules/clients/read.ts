import type { ClientDetail } from '@brigade/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, sites, users } from '../../db/schema/index.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { readSites } from '../sites/index.ts';
import { contactColumns } from '../users/index.ts';
import { supervisorsArchivedWith } from './archived-supervisors.ts';
import { clientsPolicy } from './policy.ts';

/** One client with its sites and supervisors, and whether it could be deleted. */
export async function getClient(db: Db, actor: Actor, id: string): Promise<ClientDetail> {
  authorize(actor, clientsPolicy.read);
  const [client] = await db.select().from(clients).where(eq(clients.id, id));
  if (!client) throw notFound('Client');
  const [clientSites, supervisors, referenced, archivedWithClient] = await readAll(db, [
    () => readSites(db, eq(sites.clientId, id)),
    () =>
      db
        .select({ ...contactColumns, active: users.active })
        .from(users)
        .where(and(eq(users.clientId, id), eq(users.role, 'supervisor')))
        .orderBy(
          desc(users.active),
          asc(accentFreeSortKey(users.lastName)),
          asc(accentFreeSortKey(users.firstName)),
          asc(users.id),
        ),
    () => isReferenced(db, clients, 'id', id),
    async () => new Set(client.active ? [] : await supervisorsArchivedWith(db, id)),
  ]);
  const { searchText: _searchText, ...fields } = client;
  return {
    ...fields,
    createdAt: client.createdAt.toISOString(),
    updatedAt: client.updatedAt.toISOString(),
    sites: clientSites,
    supervisors: supervisors.map((supervisor) => ({
      ...supervisor,
      archivedWithClient: archivedWithClient.has(supervisor.id),
    })),
    // Any site or user tied to the client (a supervisor, even archived) keeps it from being deleted.
    deletable: !referenced,
  };
}
