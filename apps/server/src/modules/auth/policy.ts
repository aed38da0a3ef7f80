import { fieldRoles } from '@brigade/shared';
import { anyRole, type Rule } from '../../lib/policy.ts';

export const authPolicy = {
  /** Ending one's own session: anyone signed in, magic-link sessions included. */
  logout: { roles: anyRole, scopes: 'any' },
  /**
   * Renewing one's own sign-in: workers and supervisors, with a full session. Not an admin's (the
   * office's sign-in lasts SESSION_HOURS and ends), nor a magic link's (limited to its one page).
   */
  refreshSession: { roles: fieldRoles },
} satisfies Record<string, Rule>;
