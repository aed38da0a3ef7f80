import type {
  Page,
  PrivacyIncident,
  PrivacyIncidentSort,
  privacyIncidentListQuerySchema,
} from '@brigade/shared';
import { and, type Column, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { privacyIncidents } from '../../db/schema/index.ts';
import { countRows, matchesSearch, orderBy, pageOf, pageOffset, totalCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { incidentColumns, incidentOf, loadIncident } from './incident-values.ts';
import { privacyPolicy } from './policy.ts';

type ListQuery = z.output<typeof privacyIncidentListQuerySchema>;

const sortColumns: Record<PrivacyIncidentSort, Column> = {
  number: privacyIncidents.number,
  occurredOn: privacyIncidents.occurredOn,
  discoveredOn: privacyIncidents.discoveredOn,
};

/** A page of the register, searched in its words, sorted and paged on the server. */
export async function listPrivacyIncidents(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<Page<PrivacyIncident>> {
  authorize(actor, privacyPolicy.incidents);
  const where = and(
    matchesSearch(privacyIncidents.searchText, query.q),
    query.seriousInjuryRisk === 'all'
      ? undefined
      : eq(privacyIncidents.seriousInjuryRisk, query.seriousInjuryRisk === 'true'),
  );
  const rows = await db
    .select({ ...incidentColumns, total: totalCount })
    .from(privacyIncidents)
    .where(where)
    .orderBy(...orderBy(sortColumns[query.sort], query.order, privacyIncidents.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const page = await pageOf(rows, query, countRows(db, privacyIncidents, where));
  return { ...page, items: page.items.map(incidentOf) };
}

/** One incident of the register. */
export async function getPrivacyIncident(db: Db, actor: Actor, id: string): Promise<PrivacyIncident> {
  authorize(actor, privacyPolicy.incidents);
  return loadIncident(db, id);
}
