import { adminOnly, type Rule } from '../../lib/policy.ts';

/** A person's privacy record (consent history, who opened their records) is the office's to read. */
export const privacyLogPolicy = {
  read: { roles: adminOnly },
} satisfies { read: Rule };
