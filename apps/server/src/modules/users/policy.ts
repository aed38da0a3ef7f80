import type { UpdateMe } from '@brigade/shared';
import { anyRole, type Rule } from '../../lib/policy.ts';

/**
 * One's own profile. Anyone signed in reads it, magic-link sessions included (to greet the
 * supervisor). A magic-link session may change only its language (the language switch); names,
 * phone and password need a full sign-in.
 */
export const usersPolicy = {
  readOwnProfile: { roles: anyRole, scopes: 'any' },
  updateOwnProfile: {
    roles: anyRole,
    scopes: 'any',
    allows: (actor, changes) =>
      !actor.scope ||
      Object.entries(changes).every(([field, value]) => field === 'language' || value === undefined),
  },
  // The code sent to a new mobile: typed back by a full sign-in only (a magic link changes no phone).
  confirmOwnPhone: { roles: anyRole },
} satisfies {
  readOwnProfile: Rule;
  confirmOwnPhone: Rule;
  updateOwnProfile: Rule<Partial<Record<keyof UpdateMe, unknown>>>;
};
