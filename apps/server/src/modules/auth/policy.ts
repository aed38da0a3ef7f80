import { anyRole, type Rule } from '../../lib/policy.ts';

/** Ending one's own session: anyone signed in, magic-link sessions included. */
export const authPolicy = {
  logout: { roles: anyRole, scopes: 'any' },
} satisfies Record<string, Rule>;
