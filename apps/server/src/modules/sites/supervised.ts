import { type Column, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { siteSupervisors } from '../../db/schema/index.ts';

/**
 * Whether `supervisorId` supervises the site of the row (false when no supervisor is asking; a
 * placeholder that is filled with null is false too). The row's column stays outside the subquery:
 * inside it, an unqualified "site_id" would be the subquery's own.
 */
export const supervises = (supervisorId: string | Placeholder | null, siteId: SQL | Column) =>
  supervisorId
    ? sql<boolean>`(${siteId} in (select ss.site_id from ${siteSupervisors} ss where ss.supervisor_id = ${supervisorId}))`
    : sql<boolean>`false`;
