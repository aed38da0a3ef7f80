import type { SiteDetail } from '@brigade/shared';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { clients, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { isReferencedSql } from '../../lib/delete-or-archive.ts';
import { notFound } from '../../lib/errors.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { sitesPolicy } from './policy.ts';
import { siteStatusSql } from './status.ts';

/** The supervisors of the row's site as a JSON array, sorted by name (accents and case aside). */
const supervisorsJson = sql<{ id: string; firstName: string; lastName: string }[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
                  order by ${accentFreeSortKey(sql`u.last_name`)}, ${accentFreeSortKey(sql`u.first_name`)}, u.id)
  from ${siteSupervisors} ss join ${users} u on u.id = ss.supervisor_id
  where ss.site_id = ${sites.id}), '[]'::json)`;

/** Every column a list shows, with the client's name, status and supervisors (`clients` joined). */
export function listColumns(today: string) {
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

export async function getSite(db: Db, actor: Actor, id: string): Promise<SiteDetail> {
  const [site] = await readSites(db, eq(sites.id, id));
  if (!site) throw notFound('Site');
  authorize(actor, sitesPolicy.read, { supervisorIds: site.supervisors.map((s) => s.id) });
  return site;
}
