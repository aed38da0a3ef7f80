import { endpoint } from '../endpoint.ts';
import {
  privacyIncidentExportQuerySchema,
  privacyIncidentInputSchema,
  privacyIncidentListQuerySchema,
  privacyIncidentPageSchema,
  privacyIncidentSchema,
  privacyOfficerInputSchema,
  privacyOfficerSchema,
} from '../privacy.ts';
import { idParams } from './ids.ts';

/**
 * Québec's Law 25: the person in charge of the protection of personal information (public, for the
 * privacy page) and the register of confidentiality incidents (admins).
 */
export const privacyEndpoints = {
  'GET /privacy-officer': endpoint({
    summary:
      'The person in charge of the protection of personal information (name, title, e-mail, phone), for the public privacy page; null until named',
    response: privacyOfficerSchema,
  }),
  'PUT /privacy-officer': endpoint({
    summary:
      'Name the person in charge of the protection of personal information (every field); shown on the privacy page and in the footer of every e-mail sent from then on',
    body: privacyOfficerInputSchema,
    response: privacyOfficerSchema,
  }),
  'GET /privacy-incidents': endpoint({
    summary: 'The register of confidentiality incidents, searched (accent-insensitive), sorted and paged',
    query: privacyIncidentListQuerySchema,
    response: privacyIncidentPageSchema,
  }),
  'POST /privacy-incidents': endpoint({
    summary: 'Record a confidentiality incident (numbered in the register, audited)',
    body: privacyIncidentInputSchema,
    status: 201,
    response: privacyIncidentSchema,
  }),
  'GET /privacy-incidents/export': endpoint({
    summary:
      'The whole register as an Excel workbook (.xlsx), one row per incident, in the asker’s language unless `language` names another, with `Content-Disposition: attachment`',
    query: privacyIncidentExportQuerySchema,
  }),
  'GET /privacy-incidents/:id': endpoint({
    summary: 'One confidentiality incident',
    params: idParams,
    response: privacyIncidentSchema,
  }),
  'PUT /privacy-incidents/:id': endpoint({
    summary: 'Replace a confidentiality incident (every field); kept, never deleted; the change is audited',
    params: idParams,
    body: privacyIncidentInputSchema,
    response: privacyIncidentSchema,
  }),
};
