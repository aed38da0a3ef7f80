import { adminOnly, type Rule } from '../../lib/policy.ts';

/** Recruiting is the office's: admins only. */
export const applicantsPolicy = {
  list: { roles: adminOnly },
  read: { roles: adminOnly },
  write: { roles: adminOnly },
} satisfies { list: Rule; read: Rule; write: Rule };
