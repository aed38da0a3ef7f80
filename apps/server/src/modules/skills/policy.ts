import type { Role } from '@brigade/shared';

/**
 * Who may see and change the skills catalog: master data is the office's (admins). Pure, so the web
 * app mirrors it and tests call it directly.
 */
export function canListSkills(role: Role): boolean {
  return role === 'admin';
}
export function canReadSkill(role: Role): boolean {
  return role === 'admin';
}
export function canManageSkills(role: Role): boolean {
  return role === 'admin';
}
