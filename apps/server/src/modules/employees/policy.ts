import type { Role } from '@brigade/shared';

/** Who is asking: the signed-in user's id and role. */
export interface Actor {
  userId: string;
  role: Role;
}

/** Only the office (admins) lists and changes employees. */
export function canManageEmployees(actor: Actor): boolean {
  return actor.role === 'admin';
}

/** An admin reads any employee; an employee reads only their own profile; supervisors none. */
export function canReadEmployee(actor: Actor, employeeId: string): boolean {
  return actor.role === 'admin' || (actor.role === 'employee' && actor.userId === employeeId);
}

/** The agency's internal notes are for the office only, not for the worker reading their profile. */
export function canReadEmployeeNotes(actor: Actor): boolean {
  return actor.role === 'admin';
}
