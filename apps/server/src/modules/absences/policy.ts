import { adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * Absences and blacklists are the office's: admins list, read and write them. An employee reads
 * their own absences and availability (what they see before logging hours); supervisors see none.
 */
export const absencesPolicy = {
  list: { roles: adminOnly },
  read: { roles: adminOnly },
  write: { roles: adminOnly },
  /** One employee's absences and availability. */
  readEmployee: {
    roles: ['admin', 'employee'],
    allows: (actor, employee) => actor.role === 'admin' || actor.userId === employee.id,
  },
  /** Everyone's availability at once (what matching reads). */
  availability: { roles: adminOnly },
} satisfies { list: Rule; read: Rule; write: Rule; readEmployee: Rule<{ id: string }>; availability: Rule };
