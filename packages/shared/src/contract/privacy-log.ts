import { endpoint } from '../endpoint.ts';
import { personPrivacySchema } from '../privacy-log.ts';
import { idParams } from './ids.ts';

/** A person's privacy record (Law 25): texting consent history and who opened their records. Admins only. */
export const privacyLogEndpoints = {
  'GET /employees/:id/privacy': endpoint({
    summary: "An employee's texting consent history and who opened their sensitive records",
    params: idParams,
    response: personPrivacySchema,
  }),
  'GET /applicants/:id/privacy': endpoint({
    summary: "An applicant's texting consent history and who opened their file or CV",
    params: idParams,
    response: personPrivacySchema,
  }),
  'GET /supervisors/:id/privacy': endpoint({
    summary: "A supervisor's texting consent history and who opened their file",
    params: idParams,
    response: personPrivacySchema,
  }),
};
