import { adminOnly, type Rule } from '../../lib/policy.ts';

/** The dashboards are the office's: admins read them. */
export const dashboardsPolicy = {
  read: { roles: adminOnly },
} satisfies { read: Rule };
