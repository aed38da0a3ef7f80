import {
  type ClientDeleteOutcome,
  type ClientDetail,
  type ClientInputParsed,
  type ClientListItem,
  type ClientSort,
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
import { revokeUserSessions } from '../sessions/index.ts';
import { readSites, refreshSiteSearchText, siteStatusIs } from '../sites/index.ts';
import { contactColumns, phoneWords, refreshSearchText } from '../users/index.ts';
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
  const [clientSites, supervisors, referenced] = await readAll(db, [
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
  ]);
  const { searchText: _searchText, ...fields } = client;
  return {
    ...fields,
    createdAt: client.createdAt.toISOString(),
    updatedAt: client.updatedAt.toISOString(),
    sites: clientSites,
    supervisors,
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

/**
 * Archiving a client archives its active supervisors too: the agency no longer works with the
 * client, so its foremen must not approve hours any more. Their sessions end (the caller makes the
 * other processes forget them once committed). Their rows are locked in id order, the order every
 * path uses (lockSupervisors); PostgreSQL checks the WHERE again on a row it had to wait for, so one
 * changed meanwhile (moved, archived) is left out. Returns their ids.
 */
async function archiveSupervisorsOf(tx: Tx, actor: Actor, clientId: string): Promise<string[]> {
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
      after: { ...after, reason: 'client_archived' },
    });
  }
  return locked.map((supervisor) => supervisor.id);
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
 * then count as inactive); reactivating it leaves the supervisors archived, to reactivate one by one.
 */
export async function updateClient(
  deps: ClientDeps,
  actor: Actor,
  id: string,
  input: ClientInputParsed,
): Promise<ClientDetail> {
  authorize(actor, clientsPolicy.write);
  const archivedSupervisors = await deps.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
      if (!before) throw notFound('Client');
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
      return before.active && !after!.active ? archiveSupervisorsOf(tx, actor, id) : [];
    })
    .catch(translateUnique);
  await forgetSessions(deps.sessions, archivedSupervisors);
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
