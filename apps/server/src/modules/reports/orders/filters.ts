import { type SQL, sql } from 'drizzle-orm';
import type { ReportParams } from '../definition.ts';

/** The report's filters on a site aliased `s` (a filter left out names nothing: every site). */
export function siteFilters(params: ReportParams): SQL {
  const parts: SQL[] = [sql`true`];
  if (params.clientId) parts.push(sql`s.client_id = ${params.clientId}`);
  if (params.siteId) parts.push(sql`s.id = ${params.siteId}`);
  if (params.supervisorId)
    parts.push(
      sql`s.id in (select ss.site_id from site_supervisors ss where ss.supervisor_id = ${params.supervisorId})`,
    );
  return sql.join(parts, sql` and `);
}
