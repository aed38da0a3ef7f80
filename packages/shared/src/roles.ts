export const roles = ['admin', 'supervisor', 'employee'] as const;
export type Role = (typeof roles)[number];

export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

/**
 * The people who work on the sites, on their phones: their full sign-ins last weeks and are renewed
 * as they use the app (`POST /session/refresh`), where the office's last a workday and end.
 */
export const fieldRoles = ['employee', 'supervisor'] as const satisfies readonly Role[];

/** Spec §3: an unknown role is treated as employee. */
export function normalizeRole(value: unknown): Role {
  return roles.includes(value as Role) ? (value as Role) : 'employee';
}

/** Spec §4: where each role lands after login and when sent away from a route it may not open. */
export const homeByRole: Record<Role, string> = {
  admin: '/overview',
  employee: '/time-entries',
  supervisor: '/dashboard-supervisor',
};
