import { type Actor, adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * Job sites: admins read and change every site; a supervisor reads only the sites they supervise;
 * employees see none.
 */
export const sitesPolicy = {
  /** A list: the service narrows it with `siteListScope`. */
  list: { roles: ['admin', 'supervisor'] },
  read: {
    roles: ['admin', 'supervisor'],
    allows: (actor, site) => actor.role === 'admin' || site.supervisorIds.includes(actor.userId),
  },
  write: { roles: adminOnly },
} satisfies {
  list: Rule;
  read: Rule<{ supervisorIds: readonly string[] }>;
  write: Rule;
};

/** Which sites a list may show: every site for admins, their own for supervisors, none for others. */
export function siteListScope(
  actor: Actor,
): { kind: 'all' } | { kind: 'supervised'; supervisorId: string } | null {
  if (actor.role === 'admin') return { kind: 'all' };
  if (actor.role === 'supervisor') return { kind: 'supervised', supervisorId: actor.userId };
  return null;
}
