import { adminOnly, type Rule } from '../../lib/policy.ts';

/** The skills catalogue is the office's master data: admins only. */
export const skillsPolicy = {
  read: { roles: adminOnly },
  write: { roles: adminOnly },
} satisfies Record<string, Rule>;
