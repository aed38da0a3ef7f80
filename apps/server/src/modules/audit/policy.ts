import { adminOnly, type Rule } from '../../lib/policy.ts';

/** The audit log (who changed what) is for the office only. */
export const auditPolicy = {
  read: { roles: adminOnly },
} satisfies Record<string, Rule>;
