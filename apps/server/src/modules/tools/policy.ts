import { adminOnly, type Rule } from '../../lib/policy.ts';

/** The tools catalogue is the office's master data: admins only. */
export const toolsPolicy = {
  read: { roles: adminOnly },
  write: { roles: adminOnly },
} satisfies Record<string, Rule>;
