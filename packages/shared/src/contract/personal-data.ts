import { endpoint } from '../endpoint.ts';
import { anonymizeResultSchema } from '../personal-data.ts';
import { idParams } from './ids.ts';

const exportSummary = (kind: string) =>
  `The ${kind}’s file under Québec’s privacy Act (Law 25: access and portability), a ZIP streamed as it is made (admins): personne.json (everything held about them; its JSON Schema is schema.json), heures.csv and messages.csv (UTF-8 with a BOM), their files (fichiers/: CV, receipt photos) and resume.pdf, a summary in their language. Each export is in the audit log (who, when). 409 PERSON_ANONYMIZED once they were anonymised`;

const anonymizeSummary = (kind: string) =>
  `Anonymise the ${kind} now (admins, irreversible): in one transaction their name becomes a stable pseudonym (“Personne 7F3A2C”), phone, e-mail, address and free texts (notes, comments, reasons) are erased, their CV and receipt photos deleted, the texts of their SMS blanked, their sign-in disabled and sessions ended; hours and money stay, so reports and totals are unchanged. Audited. 409 ALREADY_ANONYMIZED the second time`;

/** A person's file on request and their anonymisation (issue 30, Québec's Law 25). */
export const personalDataEndpoints = {
  'GET /employees/:id/personal-data': endpoint({
    summary: exportSummary('employee'),
    params: idParams,
    errors: [409],
  }),
  'GET /applicants/:id/personal-data': endpoint({
    summary: exportSummary('applicant'),
    params: idParams,
    errors: [409],
  }),
  'GET /supervisors/:id/personal-data': endpoint({
    summary: exportSummary('supervisor'),
    params: idParams,
    errors: [409],
  }),
  'POST /employees/:id/anonymize': endpoint({
    summary: anonymizeSummary('employee'),
    params: idParams,
    response: anonymizeResultSchema,
    errors: [409],
  }),
  'POST /applicants/:id/anonymize': endpoint({
    summary: anonymizeSummary('applicant'),
    params: idParams,
    response: anonymizeResultSchema,
    errors: [409],
  }),
  'POST /supervisors/:id/anonymize': endpoint({
    summary: `${anonymizeSummary('supervisor')}; 409 CONFLICT (details.reason only_supervisor, details.sites) while they alone supervise live sites, as for an archive`,
    params: idParams,
    response: anonymizeResultSchema,
    errors: [409],
  }),
};
