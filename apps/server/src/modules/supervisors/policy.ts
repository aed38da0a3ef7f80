import { adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * Supervisors: admins list, create, change, archive and invite them; a supervisor reads only their
 * own profile.
 */
export const supervisorsPolicy = {
  list: { roles: adminOnly },
  read: {
    roles: ['admin', 'supervisor'],
    allows: (actor, supervisor) => actor.role === 'admin' || actor.userId === supervisor.id,
  },
  write: { roles: adminOnly },
} satisfies { list: Rule; read: Rule<{ id: string }>; write: Rule };
