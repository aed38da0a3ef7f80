import { fieldRoles } from '@brigade/shared/roles';
import { call } from './api.ts';
import { getSession, jwtClaims, type Session, setSession } from './auth.ts';

const dayMs = 24 * 3600_000;
/** After a renewal that failed (no network, most often), the next try waits at least this long. */
const retryAfterMs = 5 * 60_000;

/**
 * Whether `session` should be renewed at `now`: a worker's or supervisor's full sign-in (weeks,
 * FIELD_SESSION_DAYS on the server) whose token was signed a day ago or more, or half its life ago
 * for one shorter than two days. An admin's sign-in and a magic link's are never renewed, and an
 * expired token is not renewed either: the route guard sends it to the login.
 */
export function renewalDue(session: Session | null, now = Date.now()): boolean {
  if (!session || session.scope) return false;
  if (!(fieldRoles as readonly string[]).includes(session.user.role)) return false;
  const { iat, exp } = jwtClaims(session.token);
  if (iat === null || exp === null || exp * 1000 <= now) return false;
  return now - iat * 1000 >= Math.min(dayMs, ((exp - iat) * 1000) / 2);
}

let renewing = false;
let failedAt = Number.NEGATIVE_INFINITY;

/**
 * Slides the sign-in of a worker or supervisor who uses the app: at most about once a day, a new
 * token for the same session (`POST /session/refresh`), stored like any sign-in, so every tab has it
 * (localStorage and its `storage` event). A session ended meanwhile answers 401, which signs this
 * device out as any refused token does. Never awaited: the page does not wait for it.
 */
export function renewSessionIfDue(now = Date.now()): void {
  if (renewing || now - failedAt < retryAfterMs || !renewalDue(getSession(), now)) return;
  renewing = true;
  call('POST /session/refresh')
    .then(({ token, user }) => {
      // Signed out, or signed in as someone else, meanwhile: this answer is of no use.
      const current = getSession();
      if (!current || jwtClaims(current.token).sid !== jwtClaims(token).sid) return;
      setSession({ token, user, scope: null });
    })
    .catch(() => {
      failedAt = Date.now();
    })
    .finally(() => {
      renewing = false;
    });
}
