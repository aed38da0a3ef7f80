import { adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * SMS conversations are the office's: only admins read, write and send them. A later issue that
 * lets a supervisor or an employee see one of their own adds a rule here.
 */
export const messagesPolicy = {
  read: { roles: adminOnly },
  write: { roles: adminOnly },
  send: { roles: adminOnly },
} satisfies Record<string, Rule>;
