import type { SessionScope } from '@brigade/shared';

/**
 * What a user may change in their own profile. A magic-link session may only switch its language (a
 * supervisor who came by link uses the language switch); names, phone and password need a full sign-in.
 */
export function canUpdateOwnProfile(scope: SessionScope | null, changes: Record<string, unknown>): boolean {
  if (!scope) return true;
  return Object.entries(changes).every(([field, value]) => field === 'language' || value === undefined);
}
