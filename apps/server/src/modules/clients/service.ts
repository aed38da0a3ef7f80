import {
  type ClientDeleteOutcome,
  type ClientDetail,
  type ClientInputParsed,
  type ClientListItem,
  type ClientSort,
  type ClientUpdateParsed,
  type Page,
  type Province,
  searchable,
} from '@brigade/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { AppError, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import {
  accentFreeSortKey,
  countRows,
  matchesSearch,
  orderBy,
  pageOf,
  pageOffset,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { deleteOrArchiveAudited, editAction, recordAudit } from '../audit/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import { readSites, refreshSiteSearchText, siteStatusIs } from '../sites/index.ts';
import { contactColumns, phoneWords, refreshSearchText } from '../users/index.ts';
import {
  archiveSupervisorsOf,
  notArchivedWithClient,
  reactivateSupervisorsWith,
  supervisorsArchivedWith,
} from './archived-supervisors.ts';
import { clientsPolicy } from './policy.ts';

export interface ClientDeps {
  db: Db;
  /** To end, on every process, the sessions of the supervisors archived with their client. */
  sessions: SessionStore;
}

/** Name, city, e-mail, phone digits (with and without the country code) and postal code. */
export function clientSearchText(
  client: Pick<ClientInputParsed, 'name' | 'city' | 'email' | 'phone' | 'postalCode'>,
) {
  return searchable(
    client.name,
    client.city,
    client.email,
    ...phoneWords(client.phone),
    client.postalCode,
    client.postalCode?.replace(' ', ''),
  );
}

function translateUnique(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'clients_name_key') {
    throw new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field: 'name' });
  }
  throw error;
}

/** The outer row's columns, qualified: in a one-table select Drizzle writes bare column names. */
const outerClientId = sql.raw('"clients"."id"');
const outerClientActive = sql.raw('"clients"."active"');
const siteCountSql = sql<number>`(select cast(count(*) as integer) from ${sites} where ${sites.clientId} = ${outerClientId})`;
const activeSiteCountSql = (today: string) =>
  sql<number>`(select cast(count(*) as integer) from ${sites}
    where ${sites.clientId} = ${outerClientId} and ${siteStatusIs('active', today, outerClientActive)})`;
const supervisorCountSql = sql<number>`(select cast(count(*) as integer) from ${users}
  where ${users.clientId} = ${outerClientId} and ${users.role} = 'supervisor' and ${users.active})`;

export async function listClients(
  db: Db,
  actor: Actor,
  query: {
    q?: string;
    sort: ClientSort;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
    active: 'true' | 'false' | 'all';
    province?: Province;
  },
): Promise<Page<ClientListItem>> {
  authorize(actor, clientsPolicy.read);
  const today = companyToday();
  const activeSiteCount = activeSiteCountSql(today);
  // Names sort without accents or case ("Électricité…" among the E's), as the unique index reads them.
  const sortColumns: Record<ClientSort, SQL> = {
    name: accentFreeSortKey(clients.name),
    city: accentFreeSortKey(clients.city),
    siteCount: siteCountSql,
    activeSiteCount,
  };
  const where = and(
    matchesSearch(clients.searchText, query.q),
    query.active === 'all' ? undefined : eq(clients.active, query.active === 'true'),
    query.province ? eq(clients.province, query.province) : undefined,
  );
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      phone: clients.phone,
      email: clients.email,
      city: clients.city,
      province: clients.province,
      active: clients.active,
      siteCount: siteCountSql,
      activeSiteCount,
      supervisorCount: supervisorCountSql,
      total: totalCount,
    })
    .from(clients)
    .where(where)
    .orderBy(...orderBy(sortColumns[query.sort], query.order, clients.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  return pageOf(rows, query, countRows(db, clients, where));
}

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

function clientValues(input: ClientInputParsed) {
  return { ...input, searchText: clientSearchText(input) };
}

export async function createClient(db: Db, actor: Actor, input: ClientInputParsed): Promise<ClientDetail> {
  authorize(actor, clientsPolicy.write);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(clients).values(clientValues(input)).returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'client.create',
        entity: 'client',
        entityId: row!.id,
        after: row,
      });
      return row!.id;
    })
    .catch(translateUnique);
  return getClient(db, actor, id);
}

/** The client, locked until the transaction ends (so the audit's "before" is what was changed), or 404. */
async function lockClient(tx: Tx, id: string) {
  const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
  if (!client) throw notFound('Client');
  return client;
}

async function forgetSessions(sessions: SessionStore, userIds: string[]) {
  for (const id of userIds) await sessions.forgetUser(id);
}

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
