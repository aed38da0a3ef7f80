import { adminOnly, type Rule } from '../../lib/policy.ts';

/** The wall is the office's: admins read it and pin their bubbles on it. */
export const overviewPolicy = {
  read: { roles: adminOnly },
  comment: { roles: adminOnly },
} satisfies { read: Rule; comment: Rule };
