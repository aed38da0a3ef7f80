import { adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * A person's file (Law 25): only the office's admins export it or anonymise someone; the person
 * asks the agency, who answers with the export (no self-service: a worker's session may be on a
 * shared phone).
 */
export const personalDataPolicy = {
  export: { roles: adminOnly },
  anonymize: { roles: adminOnly },
} satisfies { export: Rule; anonymize: Rule };
