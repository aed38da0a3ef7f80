import { adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * The person in charge is public (the privacy page names them before anyone signs in); naming
 * them and the register of confidentiality incidents are the office's: admins only.
 */
export const privacyPolicy = {
  officerWrite: { roles: adminOnly },
  incidents: { roles: adminOnly },
} satisfies Record<string, Rule>;
