import {
  type DeleteOutcome,
  type Page,
  type SiteDetail,
  type SiteInputParsed,
  type SiteListItem,
  type SiteStatus,
  searchable,
} from '@brigade/shared';
import { and, asc, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { clients, type SiteRow, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { isReferencedSql } from '../../lib/delete-or-archive.ts';
import {
  AppError,
  fieldError,
  forbidden,
  isUniqueViolation,
  notFound,
  violatedConstraint,
} from '../../lib/errors.ts';
import {
  accentFreeSortKey,
  matchesSearch,
  orderBy,
  pageOf,
  pageOffset,
  rowCount,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { deleteOrArchiveAudited, editAction, recordAudit } from '../audit/index.ts';
import { lockSupervisors } from '../users/index.ts';
import { siteListScope, sitesPolicy } from './policy.ts';

/**
 * Whether the site's client is active (an archived client's sites count as inactive, whatever
 * their dates). A subquery, so that the status reads the same in any query that has `sites` in its
 * FROM; never null, since every site has a client. A query that already has the site's client row
 * (joined, or the outer row) passes that row's `active` column to the status helpers instead.
 */
const clientActiveSubquery = sql`(select site_client.active from ${clients} site_client
  where site_client.id = ${sites.clientId})`;

/** Not archived, not ended, of an active client: active or upcoming. Null-safe, so it can be negated. */
function siteIsLive(today: string, clientActive: SQL | Column): SQL {
  return sql`(not ${sites.archived} and (${sites.endDate} is null or ${sites.endDate} >= ${today}::date) and ${clientActive})`;
}

/** The derived status, in SQL, so lists filter and sort on it without any job storing it. */
export function siteStatusSql(
  today: string,
  clientActive: SQL | Column = clientActiveSubquery,
): SQL<SiteStatus> {
  return sql<SiteStatus>`(case
    when not ${siteIsLive(today, clientActive)} then 'inactive'
    when ${sites.startDate} > ${today}::date then 'upcoming'
    else 'active' end)`;
}

/** WHERE clause for one status. */
export function siteStatusIs(
  status: SiteStatus,
  today: string,
  clientActive: SQL | Column = clientActiveSubquery,
): SQL {
  const live = siteIsLive(today, clientActive);
  switch (status) {
    case 'inactive':
      return sql`(not ${live})`;
    case 'upcoming':
      return sql`(${live} and ${sites.startDate} > ${today}::date)`;
    case 'active':
      return sql`(${live} and (${sites.startDate} is null or ${sites.startDate} <= ${today}::date))`;
  }
}

/** The supervisors of the row's site as a JSON array, sorted by name (accents and case aside). */
const supervisorsJson = sql<{ id: string; firstName: string; lastName: string }[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
                  order by ${accentFreeSortKey(sql`u.last_name`)}, ${accentFreeSortKey(sql`u.first_name`)}, u.id)
  from ${siteSupervisors} ss join ${users} u on u.id = ss.supervisor_id
  where ss.site_id = ${sites.id}), '[]'::json)`;

/** Name, address, PO, job number, and the client's name (refreshed when the client is renamed). */
export function siteSearchText(
  site: Pick<SiteInputParsed, 'name' | 'street' | 'city' | 'postalCode' | 'po' | 'jobNumber'>,
  clientName: string,
) {
  return searchable(
    site.name,
    clientName,
    site.street,
    site.city,
    site.postalCode,
    site.postalCode?.replace(' ', ''),
    site.po,
    site.jobNumber,
  );
}

/** Recomputes the search text of a client's sites (their client was renamed). */
export async function refreshSiteSearchText(tx: Executor, clientId: string): Promise<void> {
  const rows = await tx
    .select({ site: sites, clientName: clients.name })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(eq(sites.clientId, clientId));
  for (const { site, clientName } of rows) {
    const searchText = siteSearchText(site, clientName);
    if (searchText !== site.searchText)
      await tx.update(sites).set({ searchText }).where(eq(sites.id, site.id));
  }
}

/** Every column a list shows, with the client's name, status and supervisors (`clients` joined). */
function listColumns(today: string) {
  return {
    id: sites.id,
    clientId: sites.clientId,
    clientName: clients.name,
    name: sites.name,
    street: sites.street,
    city: sites.city,
    province: sites.province,
    postalCode: sites.postalCode,
    po: sites.po,
    jobNumber: sites.jobNumber,
    type: sites.type,
    startDate: sites.startDate,
    endDate: sites.endDate,
    archived: sites.archived,
    status: siteStatusSql(today, clients.active),
    supervisors: supervisorsJson,
  };
}

/** What a detail shows beside the list's columns. */
const detailOnlyColumns = {
  latitude: sites.latitude,
  longitude: sites.longitude,
  adminHoursName: sites.adminHoursName,
  adminHoursEmail: sites.adminHoursEmail,
  comments: sites.comments,
};

/**
 * Sites with their details, for one client (the client detail page) or one site: active ones
 * first, then by name (accents and case aside).
 */
export async function readSites(db: Executor, where: SQL, today = companyToday()): Promise<SiteDetail[]> {
  const referenced = await isReferencedSql(db, sites);
  return db
    .select({ ...listColumns(today), ...detailOnlyColumns, deletable: sql<boolean>`not ${referenced}` })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(where)
    .orderBy(
      sql`${siteStatusSql(today, clients.active)} = 'inactive'`,
      asc(accentFreeSortKey(sites.name)),
      asc(sites.id),
    );
}

/** ORDER BY columns of the list (`clients` joined). */
const sortColumns = (today: string) => ({
  name: accentFreeSortKey(sites.name),
  clientName: accentFreeSortKey(clients.name),
  city: accentFreeSortKey(sites.city),
  startDate: sites.startDate,
  endDate: sites.endDate,
  // Active first, then upcoming, then inactive.
  status: sql`(case ${siteStatusSql(today, clients.active)} when 'active' then 0 when 'upcoming' then 1 else 2 end)`,
});

export async function listSites(
  db: Db,
  actor: Actor,
  query: {
    q?: string;
    clientId?: string;
    status: SiteStatus | 'all';
    sort: keyof ReturnType<typeof sortColumns>;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<Page<SiteListItem>> {
  authorize(actor, sitesPolicy.list);
  const scope = siteListScope(actor);
  if (!scope) throw forbidden();
  const today = companyToday();
  const conditions: (SQL | undefined)[] = [
    matchesSearch(sites.searchText, query.q),
    query.clientId ? eq(sites.clientId, query.clientId) : undefined,
    query.status === 'all' ? undefined : siteStatusIs(query.status, today, clients.active),
    scope.kind === 'supervised'
      ? sql`exists (select 1 from ${siteSupervisors} mine
          where mine.site_id = ${sites.id} and mine.supervisor_id = ${scope.supervisorId})`
      : undefined,
  ];
  const rows = await db
    .select({ ...listColumns(today), total: totalCount })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(and(...conditions))
    .orderBy(...orderBy(sortColumns(today)[query.sort], query.order, sites.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  return pageOf(rows, query, () =>
    db
      .select({ n: rowCount })
      .from(sites)
      .innerJoin(clients, eq(clients.id, sites.clientId))
      .where(and(...conditions)),
  );
}

export async function getSite(db: Db, actor: Actor, id: string): Promise<SiteDetail> {
  const [site] = await readSites(db, eq(sites.id, id));
  if (!site) throw notFound('Site');
  authorize(actor, sitesPolicy.read, { supervisorIds: site.supervisors.map((s) => s.id) });
  return site;
}

/**
 * Supervisors of a site: active users with the supervisor role who belong to the site's client.
 * Their rows stay locked until the transaction ends, so a supervisor cannot be archived between
 * this check and the commit (see lockSupervisors).
 */
async function checkSupervisors(tx: Tx, clientId: string, supervisorIds: string[]): Promise<string[]> {
  const ids = [...new Set(supervisorIds)];
  if (ids.length === 0) throw fieldError('supervisorIds', 'supervisor_required');
  const found = await lockSupervisors(tx, ids);
  const valid = found.filter((u) => u.role === 'supervisor' && u.clientId === clientId && u.active);
  if (valid.length !== ids.length) throw fieldError('supervisorIds', 'invalid_supervisor');
  return ids;
}

/**
 * The site's client, share-locked until the transaction ends (archiving the client waits for this
 * write, and this write for that archive). Sites are added to and changed for active clients only.
 */
async function lockActiveClient(tx: Tx, clientId: string) {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, active: clients.active })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('share');
  if (!client) throw notFound('Client');
  if (!client.active) {
    throw new AppError('CLIENT_ARCHIVED', 'The client is archived: reactivate it first', {
      clientId,
    });
  }
  return client;
}

function siteValues(input: SiteInputParsed, clientName: string) {
  const { supervisorIds: _ids, ...fields } = input;
  return { ...fields, searchText: siteSearchText(input, clientName) };
}

/** A unique_violation on the client+name index means the name is taken within this client. */
function translateUnique(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'sites_client_name_key') {
    throw new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field: 'name' });
  }
  throw error;
}

async function siteAuditRecord(tx: Executor, row: SiteRow) {
  const links = await tx
    .select({ id: siteSupervisors.supervisorId })
    .from(siteSupervisors)
    .where(eq(siteSupervisors.siteId, row.id));
  return { ...row, supervisorIds: links.map((l) => l.id).sort() };
}

export async function createSite(
  db: Db,
  actor: Actor,
  clientId: string,
  input: SiteInputParsed,
): Promise<SiteDetail> {
  authorize(actor, sitesPolicy.write);
  const id = await db
    .transaction(async (tx) => {
      const client = await lockActiveClient(tx, clientId);
      const supervisorIds = await checkSupervisors(tx, clientId, input.supervisorIds);
      const [row] = await tx
        .insert(sites)
        .values({ ...siteValues(input, client.name), clientId })
        .returning();
      await tx
        .insert(siteSupervisors)
        .values(supervisorIds.map((supervisorId) => ({ siteId: row!.id, supervisorId })));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'site.create',
        entity: 'site',
        entityId: row!.id,
        after: await siteAuditRecord(tx, row!),
      });
      return row!.id;
    })
    .catch(translateUnique);
  return getSite(db, actor, id);
}

/** PUT: the whole site (fields and supervisors) is replaced. */
export async function updateSite(
  db: Db,
  actor: Actor,
  id: string,
  input: SiteInputParsed,
): Promise<SiteDetail> {
  authorize(actor, sitesPolicy.write);
  await db
    .transaction(async (tx) => {
      const [existing] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
      if (!existing) throw notFound('Site');
      const client = await lockActiveClient(tx, existing.clientId);
      const supervisorIds = await checkSupervisors(tx, existing.clientId, input.supervisorIds);
      const before = await siteAuditRecord(tx, existing);
      const [row] = await tx
        .update(sites)
        .set({ ...siteValues(input, client.name), updatedAt: new Date() })
        .where(eq(sites.id, id))
        .returning();
      await tx.delete(siteSupervisors).where(eq(siteSupervisors.siteId, id));
      await tx
        .insert(siteSupervisors)
        .values(supervisorIds.map((supervisorId) => ({ siteId: id, supervisorId })));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: editAction('site', !existing.archived, !row!.archived),
        entity: 'site',
        entityId: id,
        before,
        after: await siteAuditRecord(tx, row!),
      });
    })
    .catch(translateUnique);
  return getSite(db, actor, id);
}

/** Deleted for good when nothing refers to the site (orders will), archived otherwise. */
export async function deleteSite(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, sitesPolicy.write);
  const { outcome } = await deleteOrArchiveAudited(db, {
    actorId: actor.userId,
    entity: 'site',
    id,
    async lock(tx) {
      const [existing] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
      if (!existing) throw notFound('Site');
      return siteAuditRecord(tx, existing);
    },
    remove: (tx) => tx.delete(sites).where(eq(sites.id, id)),
    async archive(tx, before) {
      const [row] = await tx
        .update(sites)
        .set({ archived: true, updatedAt: new Date() })
        .where(eq(sites.id, id))
        .returning();
      return { ...before, ...row };
    },
  });
  return { outcome };
}
