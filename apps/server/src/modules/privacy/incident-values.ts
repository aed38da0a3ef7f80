import { type PrivacyIncident, type PrivacyIncidentInputParsed, searchable } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { privacyIncidents, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** An incident's stored values: the form's, and the text it is searched by. */
export function incidentValues(input: PrivacyIncidentInputParsed) {
  return {
    ...input,
    searchText: searchable(
      input.description,
      input.personalInformation,
      input.affectedPeople,
      input.riskAssessment,
      input.measures,
    ),
  };
}

/** The columns an incident is answered with (who recorded it by name). */
export const incidentColumns = {
  id: privacyIncidents.id,
  number: privacyIncidents.number,
  occurredOn: privacyIncidents.occurredOn,
  discoveredOn: privacyIncidents.discoveredOn,
  description: privacyIncidents.description,
  personalInformation: privacyIncidents.personalInformation,
  affectedCount: privacyIncidents.affectedCount,
  affectedPeople: privacyIncidents.affectedPeople,
  seriousInjuryRisk: privacyIncidents.seriousInjuryRisk,
  riskAssessment: privacyIncidents.riskAssessment,
  commissionNotifiedOn: privacyIncidents.commissionNotifiedOn,
  peopleNotifiedOn: privacyIncidents.peopleNotifiedOn,
  measures: privacyIncidents.measures,
  recordedBy: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${privacyIncidents.recordedById})`,
  createdAt: privacyIncidents.createdAt,
  updatedAt: privacyIncidents.updatedAt,
};

type IncidentRow = { createdAt: Date; updatedAt: Date } & Omit<PrivacyIncident, 'createdAt' | 'updatedAt'>;

export function incidentOf(row: IncidentRow): PrivacyIncident {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** One incident as answered; 404 when there is none. */
export async function loadIncident(db: Executor, id: string): Promise<PrivacyIncident> {
  const [row] = await db.select(incidentColumns).from(privacyIncidents).where(eq(privacyIncidents.id, id));
  if (!row) throw notFound('Incident');
  return incidentOf(row);
}
