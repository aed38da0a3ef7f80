import { adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * Orders are the office's: admins list, read and write them. A worker sees their own assignations
 * and answers the offers sent to them (the service keeps them to their own).
 */
export const ordersPolicy = {
  list: { roles: adminOnly },
  read: { roles: adminOnly },
  write: { roles: adminOnly },
  mine: { roles: ['employee'] },
} satisfies { list: Rule; read: Rule; write: Rule; mine: Rule };
