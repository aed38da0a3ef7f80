import { adminOnly, anyRole, type Rule } from '../../lib/policy.ts';

/** Everyone signed in reads the holidays (no hours on a holiday); only admins change them. */
export const holidaysPolicy = {
  // A magic-link session too: the week it approves shows its holidays.
  read: { roles: anyRole, scopes: 'any' },
  write: { roles: adminOnly },
} satisfies { read: Rule; write: Rule };
