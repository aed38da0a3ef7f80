import type { Role } from '@brigade/shared';

/** Only the office (admins) reads and changes clients. */
export function canManageClients(actor: { role: Role }): boolean {
  return actor.role === 'admin';
}
