import type { SessionScope, User } from '@brigade/shared/auth';
import { homeByRole, languages, normalizeRole, type Role } from '@brigade/shared/roles';
import { useSyncExternalStore } from 'react';

/** The signed-in session, kept in localStorage so it survives reloads and is shared by tabs. */
export interface Session {
  token: string;
  user: User;
  /** Set for magic-link sessions: the session may only open what the link was issued for. */
  scope: SessionScope | null;
}

export interface AuthSnapshot {
  session: Session | null;
  /** True when the session ended because the user logged out (not an expiry or a 401). */
  endedByUser: boolean;
}

const keys = { token: 'brigade.token', user: 'brigade.user', scope: 'brigade.scope' } as const;

/**
 * The stored user, checked by hand (zod stays out of the login route's bundle). Many workers have
 * no e-mail (they sign in with their phone): a null e-mail is a user like any other.
 */
function parseStoredUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, email, firstName, lastName, role, language } = value as Record<string, unknown>;
  if (![id, firstName, lastName].every((field) => typeof field === 'string')) return null;
  if (email !== null && email !== undefined && typeof email !== 'string') return null;
  return {
    id: id as string,
    email: typeof email === 'string' ? email : null,
    firstName: firstName as string,
    lastName: lastName as string,
    role: normalizeRole(role),
    language: languages.includes(language as User['language']) ? (language as User['language']) : 'fr',
  };
}

/** The session stored on this device (exported for its tests). */
export function readStoredSession(storage: Pick<Storage, 'getItem'>): Session | null {
  try {
    const token = storage.getItem(keys.token);
    const rawUser = storage.getItem(keys.user);
    if (!token || !rawUser) return null;
    const user = parseStoredUser(JSON.parse(rawUser));
    if (!user) return null;
    const rawScope = storage.getItem(keys.scope);
    return { token, user, scope: rawScope ? (JSON.parse(rawScope) as SessionScope) : null };
  } catch {
    return null;
  }
}

function readSession(): Session | null {
  return typeof localStorage === 'undefined' ? null : readStoredSession(localStorage);
}

let snapshot: AuthSnapshot = { session: readSession(), endedByUser: false };
const listeners = new Set<() => void>();

function emit(next: AuthSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change of the session (sign-in, sign-out, user update, other tab). */
export function subscribeToAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(keys).includes(event.key as (typeof keys)[keyof typeof keys])) {
      emit({ session: readSession(), endedByUser: false });
    }
  });
}

export function getSession(): Session | null {
  return snapshot.session;
}

export function getToken(): string | null {
  return snapshot.session?.token ?? null;
}

export function setSession(session: Session): void {
  localStorage.setItem(keys.token, session.token);
  localStorage.setItem(keys.user, JSON.stringify(session.user));
  if (session.scope) localStorage.setItem(keys.scope, JSON.stringify(session.scope));
  else localStorage.removeItem(keys.scope);
  emit({ session, endedByUser: false });
}

export function updateStoredUser(patch: Partial<User>): void {
  const current = snapshot.session;
  if (!current) return;
  const user = { ...current.user, ...patch };
  localStorage.setItem(keys.user, JSON.stringify(user));
  emit({ ...snapshot, session: { ...current, user } });
}

/** Clears everything the session stored. `byUser`: the user logged out on purpose. */
export function clearSession(byUser = false): void {
  for (const key of Object.values(keys)) localStorage.removeItem(key);
  if (snapshot.session === null && snapshot.endedByUser === byUser) return;
  emit({ session: null, endedByUser: byUser });
}

export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(subscribeToAuth, () => snapshot);
}

/** The claims of a session token this app reads (seconds since the epoch; `sid`: the session). */
export interface TokenClaims {
  exp: number | null;
  iat: number | null;
  sid: string | null;
}

/** Reads a JWT's claims without verifying it (the server does); nulls when absent or unreadable. */
export function jwtClaims(token: string): TokenClaims {
  const none: TokenClaims = { exp: null, iat: null, sid: null };
  const payload = token.split('.')[1];
  if (!payload) return none;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const { exp, iat, sid } = JSON.parse(json) as Record<string, unknown>;
    return {
      exp: typeof exp === 'number' ? exp : null,
      iat: typeof iat === 'number' ? iat : null,
      sid: typeof sid === 'string' ? sid : null,
    };
  } catch {
    return none;
  }
}

/** Reads the `exp` claim (seconds) of a JWT without verifying it; null when absent or unreadable. */
export function jwtExpiry(token: string): number | null {
  return jwtClaims(token).exp;
}

/** A token is expired when its exp claim is in the past; a token we cannot read counts as expired. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = jwtExpiry(token);
  return exp === null || exp * 1000 <= now;
}

/**
 * The one page a magic-link session may open: what its link was issued for. Null when the app has
 * no page for that scope (the session is then of no use here).
 */
export function scopedPath(scope: SessionScope | null | undefined): string | null {
  if (scope?.kind === 'timesheet' && scope.id) return `/timesheets/edit/${encodeURIComponent(scope.id)}`;
  return null;
}

export type Access =
  | { kind: 'allow' }
  | { kind: 'login' }
  | { kind: 'home'; to: Role }
  /** A magic-link session elsewhere than its page: back to it. */
  | { kind: 'scope'; to: string };

/**
 * Spec §5 route guard: stored user, allowed role, unexpired token; and a magic-link session stays
 * on the page its link was issued for (`pathname`: the page being opened).
 */
export function checkAccess(
  session: Session | null,
  route: { allowed: readonly Role[]; pathname: string },
  now = Date.now(),
): Access {
  if (!session || isTokenExpired(session.token, now)) return { kind: 'login' };
  if (session.scope) {
    const to = scopedPath(session.scope);
    if (!to) return { kind: 'login' };
    if (route.pathname !== to) return { kind: 'scope', to };
    // Its own page, closed to its role: the session has nothing to open (and no home to go to).
    if (!route.allowed.includes(session.user.role)) return { kind: 'login' };
  }
  if (!route.allowed.includes(session.user.role)) return { kind: 'home', to: session.user.role };
  return { kind: 'allow' };
}

/** Where a signed-in session belongs: its magic link's page, else its role's home. */
export function homeOf(session: Session): string {
  return scopedPath(session.scope) ?? homeByRole[session.user.role];
}
