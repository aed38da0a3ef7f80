import {
  type ClientDetail,
  type ClientInputParsed,
  type ClientListItem,
  type ClientSort,
  type DeleteOutcome,
  type Page,
  type Province,
  searchable,
} from '@brigade/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { deleteOrArchive } from '../../lib/delete-or-archive.ts';
import { AppError, forbidden, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { matchesSearch, orderBy, pageOf, pageOffset, rowCount, totalCount } from '../../lib/list.ts';
import { recordAudit } from '../audit/service.ts';
import { readSites, siteStatusIs } from '../sites/service.ts';
import { refreshSearchText } from '../users/search-text.ts';
import { canManageClients } from './policy.ts';

interface Actor {
  userId: string;
  role: 'admin' | 'supervisor' | 'employee';
}

function assertCanManage(actor: Actor) {
  if (!canManageClients(actor)) throw forbidden();
}

/** Name, city, e-mail, phone digits (with and without the country code) and postal code. */
export function clientSearchText(
  client: Pick<ClientInputParsed, 'name' | 'city' | 'email' | 'phone' | 'postalCode'>,
) {
  const digits = client.phone?.replace(/\D/g, '');
  const national = digits?.length === 11 && digits.startsWith('1') ? digits.slice(1) : undefined;
  return searchable(
    client.name,
    client.city,
    client.email,
    digits,
    // The ways people type a number: 5145551234, 514-555-1234, 514 555-1234.
    national,
    national && `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`,
    national && `${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6)}`,
    client.postalCode,
    client.postalCode?.replace(' ', ''),
  );
}

function translateUnique(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'clients_name_lower_key') {
    throw new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field: 'name' });
  }
  throw error;
}

/** The outer row's id, qualified: in a one-table select Drizzle writes bare column names. */
const outerClientId = sql.raw('"clients"."id"');
const siteCountSql = sql<number>`(select cast(count(*) as integer) from ${sites} where ${sites.clientId} = ${outerClientId})`;
const activeSiteCountSql = (today: string) =>
  sql<number>`(select cast(count(*) as integer) from ${sites}
    where ${sites.clientId} = ${outerClientId} and ${siteStatusIs('active', today)})`;
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
  assertCanManage(actor);
  const today = companyToday();
  const activeSiteCount = activeSiteCountSql(today);
  const sortColumns: Record<ClientSort, SQL> = {
    name: sql`lower(${clients.name})`,
    city: sql`lower(${clients.city})`,
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
  return pageOf(rows, query, () => db.select({ n: rowCount }).from(clients).where(where));
}

export async function getClient(db: Db, actor: Actor, id: string): Promise<ClientDetail> {
  assertCanManage(actor);
  const [client] = await db.select().from(clients).where(eq(clients.id, id));
  if (!client) throw notFound('Client');
  const clientSites = await readSites(db, eq(sites.clientId, id));
  const supervisors = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      active: users.active,
    })
    .from(users)
    .where(and(eq(users.clientId, id), eq(users.role, 'supervisor')))
    .orderBy(sql`${users.active} desc`, asc(users.lastName), asc(users.firstName));
  const { searchText: _searchText, ...fields } = client;
  return {
    ...fields,
    createdAt: client.createdAt.toISOString(),
    updatedAt: client.updatedAt.toISOString(),
    sites: clientSites,
    supervisors,
    // Any user tied to the client (a supervisor, even inactive) or a site keeps it from being deleted.
    deletable: clientSites.length === 0 && !(await hasUsers(db, id)),
  };
}

async function hasUsers(db: Db, clientId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.clientId, clientId)).limit(1);
  return Boolean(row);
}

function clientValues(input: ClientInputParsed) {
  return { ...input, searchText: clientSearchText(input) };
}

export async function createClient(db: Db, actor: Actor, input: ClientInputParsed): Promise<ClientDetail> {
  assertCanManage(actor);
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

export async function updateClient(
  db: Db,
  actor: Actor,
  id: string,
  input: ClientInputParsed,
): Promise<ClientDetail> {
  assertCanManage(actor);
  await db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
      if (!before) throw notFound('Client');
      const [after] = await tx
        .update(clients)
        .set({ ...clientValues(input), updatedAt: new Date() })
        .where(eq(clients.id, id))
        .returning();
      // Supervisors are found by their client's name.
      if (after!.name !== before.name) {
        await refreshSearchText(tx, and(eq(users.role, 'supervisor'), eq(users.clientId, id)));
      }
      await recordAudit(tx, {
        actorId: actor.userId,
        action: before.active && !after!.active ? 'client.archive' : 'client.update',
        entity: 'client',
        entityId: id,
        before,
        after,
      });
    })
    .catch(translateUnique);
  return getClient(db, actor, id);
}

/** Deleted for good when nothing refers to the client (no site, no supervisor…), archived otherwise. */
export async function deleteClient(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  assertCanManage(actor);
  const [before] = await db.select().from(clients).where(eq(clients.id, id));
  if (!before) throw notFound('Client');
  return deleteOrArchive(db, {
    async remove(tx) {
      await tx.delete(clients).where(eq(clients.id, id));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'client.delete',
        entity: 'client',
        entityId: id,
        before,
      });
    },
    async archive(tx) {
      const [after] = await tx
        .update(clients)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(clients.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'client.archive',
        entity: 'client',
        entityId: id,
        before,
        after,
      });
    },
  });
}
