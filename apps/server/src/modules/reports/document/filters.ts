import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { clients, sites, users } from '../../../db/schema/index.ts';
import type { ReportParams } from '../definition.ts';
import { labelled, reportWords } from './texts.ts';

/** Stops a document being made once its asker went away. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new Error('The report was cancelled');
}

/**
 * The filters applied, as a line under the period ("Client : Béton Laval · Chantier : Tour A"),
 * or undefined when there are none.
 */
export async function filterLine(db: Executor, params: ReportParams): Promise<string | undefined> {
  const w = reportWords(params.language);
  const parts: string[] = [];
  if (params.clientId) {
    const [client] = await db
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, params.clientId));
    if (client) parts.push(labelled(w.client, client.name, params.language));
  }
  if (params.siteId) {
    const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, params.siteId));
    if (site) parts.push(labelled(w.site, site.name, params.language));
  }
  const people = [params.supervisorId, params.employeeId].filter((id): id is string => Boolean(id));
  if (people.length) {
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, people));
    const name = (id: string | undefined) => {
      const row = rows.find((each) => each.id === id);
      return row ? `${row.firstName} ${row.lastName}` : '';
    };
    if (params.supervisorId) parts.push(labelled(w.supervisor, name(params.supervisorId), params.language));
    if (params.employeeId) parts.push(labelled(w.employee, name(params.employeeId), params.language));
  }
  return parts.length ? parts.join(' · ') : undefined;
}
