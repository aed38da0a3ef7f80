import type { Role } from '@brigade/shared';

/**
 * Who may see and change the tools catalog: master data is the office's (admins). Pure, so the web
 * app mirrors it and tests call it directly.
 */
export function canListTools(role: Role): boolean {
  return role === 'admin';
}
export function canReadTool(role: Role): boolean {
  return role === 'admin';
}
export function canManageTools(role: Role): boolean {
  return role === 'admin';
}
