import type { Role } from '@brigade/shared';

export interface SiteActor {
  userId: string;
  role: Role;
}

/** Which sites a list may show: every site for admins, their own for supervisors, none for employees. */
export function siteListScope(
  actor: SiteActor,
): { kind: 'all' } | { kind: 'supervised'; supervisorId: string } | null {
  if (actor.role === 'admin') return { kind: 'all' };
  if (actor.role === 'supervisor') return { kind: 'supervised', supervisorId: actor.userId };
  return null;
}

/** Admins read any site; a supervisor reads only a site they supervise. */
export function canReadSite(actor: SiteActor, supervisorIds: readonly string[]): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'supervisor' && supervisorIds.includes(actor.userId);
}

/** Only admins create, change, archive or delete sites. */
export function canWriteSites(actor: SiteActor): boolean {
  return actor.role === 'admin';
}
