import type { PrivacyIncidentInputParsed, PrivacyOfficerInputParsed } from '@brigade/shared/privacy';
import { getToken } from '../../lib/auth.ts';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';
import { saveResponse } from '../../lib/saveFile.ts';

/** The person in charge of personal information: public (the privacy page), null until named. */
export const privacyOfficerQuery = endpointQuery('GET /privacy-officer');
/** PUT names them (every field). */
export const updatePrivacyOfficer = write('PUT /privacy-officer', (body: PrivacyOfficerInputParsed) => ({
  body,
}));

export const privacyIncidentsListQuery = (params: Record<string, string | number>) =>
  listQuery('GET /privacy-incidents', params);
export const privacyIncidentQuery = (id: string) => detailQuery('GET /privacy-incidents/:id', id);
export const createPrivacyIncident = write('POST /privacy-incidents', (body: PrivacyIncidentInputParsed) => ({
  body,
}));
/** PUT replaces the whole record: send every field. Incidents are never deleted. */
export const updatePrivacyIncident = (id: string) =>
  write('PUT /privacy-incidents/:id', (body: PrivacyIncidentInputParsed) => ({ params: { id }, body }));

/**
 * Downloads the register as a workbook in `language` (the API wants the session's token, which a
 * plain link lacks).
 */
export async function downloadPrivacyIncidents(language: 'fr' | 'en'): Promise<void> {
  const response = await fetch(`/api/privacy-incidents/export?language=${language}`, {
    headers: { authorization: `Bearer ${getToken()}` },
  });
  if (!response.ok) throw new Error(`register export: ${response.status}`);
  await saveResponse(response, 'incidents.xlsx');
}
