import { fieldRoles, type Role } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import type { Jwt, SessionStore, SignInThrottle } from '../sessions/index.ts';

export interface AuthDeps {
  db: Db;
  jwt: Jwt;
  sessions: SessionStore;
  /** An admin's sign-in, and any magic-link session: SESSION_HOURS. */
  sessionHours: number;
  /** A worker's or supervisor's sign-in, renewed as it is used: FIELD_SESSION_DAYS. */
  fieldSessionDays: number;
  publicUrl: string;
  signInThrottle: SignInThrottle;
}

export const isFieldRole = (role: Role) => (fieldRoles as readonly Role[]).includes(role);

/**
 * How long a full sign-in of `role` lasts. Workers and site supervisors use the app on their own
 * phone, outdoors, and must not be sent back to the login every morning: weeks, renewed as they use
 * it. The office's sign-in (admins, who see everyone's data on shared desks) lasts a workday.
 */
export function fullSessionHours(deps: Pick<AuthDeps, 'sessionHours' | 'fieldSessionDays'>, role: Role) {
  return isFieldRole(role) ? deps.fieldSessionDays * 24 : deps.sessionHours;
}

/** How many accounts sharing one phone number sign-in checks at most (each check is a slow hash). */
