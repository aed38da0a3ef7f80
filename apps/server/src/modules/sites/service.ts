import {
  type DeleteOutcome,
  type Page,
  type SiteDetail,
  type SiteInputParsed,
  type SiteListItem,
  type SiteStatus,
  searchable,
} from '@brigade/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { clients, type SiteRow, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { deleteOrArchive } from '../../lib/delete-or-archive.ts';
import { AppError, forbidden, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { matchesSearch, orderBy, pageOf, pageOffset, rowCount, totalCount } from '../../lib/list.ts';
import { recordAudit } from '../audit/service.ts';
import { canReadSite, canWriteSites, type SiteActor, siteListScope } from './policy.ts';

/** The derived status, in SQL, so lists filter and sort on it without any job storing it. */
export function siteStatusSql(today: string): SQL<SiteStatus> {
  return sql<SiteStatus>`(case
    when ${sites.archived} or ${sites.endDate} < ${today}::date then 'inactive'
    when ${sites.startDate} > ${today}::date then 'upcoming'
    else 'active' end)`;
}

/** WHERE clause for one status (written out so that each branch stays index-friendly). */
export function siteStatusIs(status: SiteStatus, today: string): SQL {
  const notEnded = sql`(not ${sites.archived} and (${sites.endDate} is null or ${sites.endDate} >= ${today}::date))`;
  switch (status) {
    case 'inactive':
      return sql`(${sites.archived} or ${sites.endDate} < ${today}::date)`;
    case 'upcoming':
      return sql`(${notEnded} and ${sites.startDate} > ${today}::date)`;
    case 'active':
      return sql`(${notEnded} and (${sites.startDate} is null or ${sites.startDate} <= ${today}::date))`;
  }
}

/** The supervisors of the row's site as a JSON array, sorted by name. */
const supervisorsJson = sql<{ id: string; firstName: string; lastName: string }[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
                  order by u.last_name, u.first_name)
  from ${siteSupervisors} ss join ${users} u on u.id = ss.supervisor_id
  where ss.site_id = ${sites.id}), '[]'::json)`;

export function siteSearchText(
  site: Pick<SiteInputParsed, 'name' | 'street' | 'city' | 'postalCode' | 'po' | 'jobNumber'>,
) {
  return searchable(
    site.name,
    site.street,
    site.city,
    site.postalCode,
    site.postalCode?.replace(' ', ''),
    site.po,
    site.jobNumber,
  );
}

/** Every column a detail shows, with the client's name, status and supervisors. */
function detailColumns(today: string) {
  return {
    id: sites.id,
    clientId: sites.clientId,
    clientName: clients.name,
    name: sites.name,
    street: sites.street,
    city: sites.city,
    province: sites.province,
    postalCode: sites.postalCode,
    latitude: sites.latitude,
    longitude: sites.longitude,
    po: sites.po,
    jobNumber: sites.jobNumber,
    type: sites.type,
    adminHoursName: sites.adminHoursName,
    adminHoursEmail: sites.adminHoursEmail,
    startDate: sites.startDate,
    endDate: sites.endDate,
    comments: sites.comments,
    archived: sites.archived,
    status: siteStatusSql(today),
    supervisors: supervisorsJson,
  };
}

/** Sites with their details, for one client (the client detail page) or one site. */
export async function readSites(db: Executor, where: SQL, today = companyToday()): Promise<SiteDetail[]> {
  return db
    .select(detailColumns(today))
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(where)
    .orderBy(sql`${siteStatusSql(today)} = 'inactive'`, sql`lower(${sites.name})`);
}

const sortColumns = (today: string) => ({
  name: sql`lower(${sites.name})`,
  clientName: sql`lower(${clients.name})`,
  city: sql`lower(${sites.city})`,
  startDate: sites.startDate,
  endDate: sites.endDate,
  // Active first, then upcoming, then inactive.
  status: sql`(case ${siteStatusSql(today)} when 'active' then 0 when 'upcoming' then 1 else 2 end)`,
});

export async function listSites(
  db: Db,
  actor: SiteActor,
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
  const scope = siteListScope(actor);
  if (!scope) throw forbidden();
  const today = companyToday();
  const conditions: (SQL | undefined)[] = [
    matchesSearch(sites.searchText, query.q),
    query.clientId ? eq(sites.clientId, query.clientId) : undefined,
    query.status === 'all' ? undefined : siteStatusIs(query.status, today),
    scope.kind === 'supervised'
      ? sql`exists (select 1 from ${siteSupervisors} mine
          where mine.site_id = ${sites.id} and mine.supervisor_id = ${scope.supervisorId})`
      : undefined,
  ];
  const { latitude, longitude, adminHoursName, adminHoursEmail, comments, ...listColumns } =
    detailColumns(today);
  const rows = await db
    .select({ ...listColumns, total: totalCount })
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

export async function getSite(db: Db, actor: SiteActor, id: string): Promise<SiteDetail> {
  const [site] = await readSites(db, eq(sites.id, id));
  if (!site) throw notFound('Site');
  if (
    !canReadSite(
      actor,
      site.supervisors.map((s) => s.id),
    )
  )
    throw forbidden();
  return site;
}

function fieldError(path: string, message: string) {
  return new AppError('VALIDATION_FAILED', 'Invalid request', {
    fields: [{ path, message, code: 'custom' }],
  });
}

/** Supervisors of a site: active users with the supervisor role who belong to the site's client. */
async function checkSupervisors(db: Executor, clientId: string, supervisorIds: string[]): Promise<string[]> {
  const ids = [...new Set(supervisorIds)];
  if (ids.length === 0) throw fieldError('supervisorIds', 'supervisor_required');
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.role, 'supervisor'),
        eq(users.clientId, clientId),
        eq(users.active, true),
      ),
    );
  if (found.length !== ids.length) throw fieldError('supervisorIds', 'invalid_supervisor');
  return ids;
}

function siteValues(input: SiteInputParsed) {
  const { supervisorIds: _ids, ...fields } = input;
  return { ...fields, searchText: siteSearchText(input) };
}

/** A unique_violation on the client+name index means the name is taken within this client. */
function translateUnique(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'sites_client_name_lower_key') {
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
  actor: SiteActor,
  clientId: string,
  input: SiteInputParsed,
): Promise<SiteDetail> {
  if (!canWriteSites(actor)) throw forbidden();
  const id = await db
    .transaction(async (tx) => {
      const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
      if (!client) throw notFound('Client');
      const supervisorIds = await checkSupervisors(tx, clientId, input.supervisorIds);
      const [row] = await tx
        .insert(sites)
        .values({ ...siteValues(input), clientId })
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

export async function updateSite(
  db: Db,
  actor: SiteActor,
  id: string,
  input: SiteInputParsed,
): Promise<SiteDetail> {
  if (!canWriteSites(actor)) throw forbidden();
  await db
    .transaction(async (tx) => {
      const [existing] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
      if (!existing) throw notFound('Site');
      const supervisorIds = await checkSupervisors(tx, existing.clientId, input.supervisorIds);
      const before = await siteAuditRecord(tx, existing);
      const [row] = await tx
        .update(sites)
        .set({ ...siteValues(input), updatedAt: new Date() })
        .where(eq(sites.id, id))
        .returning();
      await tx.delete(siteSupervisors).where(eq(siteSupervisors.siteId, id));
      await tx
        .insert(siteSupervisors)
        .values(supervisorIds.map((supervisorId) => ({ siteId: id, supervisorId })));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: !existing.archived && row!.archived ? 'site.archive' : 'site.update',
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
export async function deleteSite(db: Db, actor: SiteActor, id: string): Promise<DeleteOutcome> {
  if (!canWriteSites(actor)) throw forbidden();
  const [existing] = await db.select().from(sites).where(eq(sites.id, id));
  if (!existing) throw notFound('Site');
  const before = await siteAuditRecord(db, existing);
  return deleteOrArchive(db, {
    async remove(tx) {
      await tx.delete(sites).where(eq(sites.id, id));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'site.delete',
        entity: 'site',
        entityId: id,
        before,
      });
    },
    async archive(tx) {
      const [row] = await tx
        .update(sites)
        .set({ archived: true, updatedAt: new Date() })
        .where(eq(sites.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'site.archive',
        entity: 'site',
        entityId: id,
        before,
        after: { ...before, ...row },
      });
    },
  });
}
