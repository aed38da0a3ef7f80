import type { Role } from '@brigade/shared';

/** Who is asking: enough of the session to decide. Pure functions, no database. */
export interface Actor {
  userId: string;
  role: Role;
}

/** Only admins see the list of supervisors. */
export function canListSupervisors(actor: Actor): boolean {
  return actor.role === 'admin';
}

/** Admins read any supervisor; a supervisor reads only their own profile. */
export function canReadSupervisor(actor: Actor, supervisorId: string): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'supervisor' && actor.userId === supervisorId;
}

/** Creating, editing, archiving, deleting and inviting supervisors: admins only. */
export function canManageSupervisors(actor: Actor): boolean {
  return actor.role === 'admin';
}
