import { adminOnly, type Rule } from '../../lib/policy.ts';

/** Clients are the office's master data: only admins read and change them. */
export const clientsPolicy = {
  read: { roles: adminOnly },
  write: { roles: adminOnly },
} satisfies Record<string, Rule>;
