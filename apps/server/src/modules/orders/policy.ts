import { adminOnly, type Rule } from '../../lib/policy.ts';

/** Orders are the office's: admins list, read and write them. */
export const ordersPolicy = {
  list: { roles: adminOnly },
  read: { roles: adminOnly },
  write: { roles: adminOnly },
} satisfies { list: Rule; read: Rule; write: Rule };
