import type { Role } from '@brigade/shared';

/** The audit log (who changed what) is for the office only. */
export function canReadAuditLog(actor: { role: Role }): boolean {
  return actor.role === 'admin';
}
