import { unauthorized } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import type { AuthContext } from '../sessions/index.ts';
import { renewSession, revokeSession } from '../sessions/index.ts';
import { type AuthDeps, fullSessionHours } from './deps.ts';
import { authPolicy } from './policy.ts';

export async function refreshSession(deps: AuthDeps, auth: AuthContext & Actor) {
  authorize(auth, authPolicy.refreshSession);
  const renewed = await renewSession(deps.db, deps.jwt, {
    sessionId: auth.sessionId,
    userId: auth.userId,
    hours: fullSessionHours(deps, auth.role),
  });
  if (!renewed) throw unauthorized('Session expired or invalid');
  // The user as the session store holds it now: the phone keeps its stored name and language fresh.
  const { phone: _phone, ...user } = auth.user;
  return { token: renewed.token, user };
}

/** Ends this session at once, on every server process. */
export async function logout(deps: Pick<AuthDeps, 'db' | 'sessions'>, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId);
  await deps.sessions.forgetSession(sessionId);
}

/** Issues a magic link token for a user, limited to `scope` (a timesheet, for a supervisor). */
