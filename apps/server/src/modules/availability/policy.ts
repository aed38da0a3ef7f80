import { adminOnly, type Rule } from '../../lib/policy.ts';

/** The available-employees dashboard is the office's: admins read it. */
export const availabilityPolicy = {
  read: { roles: adminOnly },
} satisfies { read: Rule };
