import { adminOnly, type Rule } from '../../lib/policy.ts';

/**
 * Employees: admins list and change them; an employee reads only their own profile, without the
 * agency's internal notes; supervisors see none.
 */
export const employeesPolicy = {
  list: { roles: adminOnly },
  read: {
    roles: ['admin', 'employee'],
    allows: (actor, employee) => actor.role === 'admin' || actor.userId === employee.id,
  },
  /** The agency's internal notes about a worker. */
  readNotes: { roles: adminOnly },
  write: { roles: adminOnly },
} satisfies { list: Rule; read: Rule<{ id: string }>; readNotes: Rule; write: Rule };
