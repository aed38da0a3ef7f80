import type { SiteStatus } from '@brigade/shared';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { clients, sites } from '../../db/schema/index.ts';

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
