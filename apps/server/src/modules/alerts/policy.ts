import { adminOnly, type Rule } from '../../lib/policy.ts';

/** Alerts are the office's: admins read them (the list and the menu badge). */
export const alertsPolicy = {
  read: { roles: adminOnly },
} satisfies { read: Rule };
