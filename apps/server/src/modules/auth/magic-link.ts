import type { SessionScope } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { timesheets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createSession, issueToken, redeemToken } from '../sessions/index.ts';
import { findUserById, toUser } from '../users/index.ts';
import type { AuthDeps } from './deps.ts';

export function issueMagicLink(
  deps: Pick<AuthDeps, 'db'>,
  userId: string,
  scope: SessionScope,
  minutes?: number,
) {
  return issueToken(deps.db, { userId, purpose: 'magic_link', scope, minutes });
}

/**
 * A link to a timesheet opened once its week is approved reads it and decides nothing more: the
 * approval is not to be undone or redone from an e-mail that stays in an inbox for 7 days.
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
async function decidedAlready(tx: Tx, scope: SessionScope | null): Promise<SessionScope | null> {
  if (scope?.kind !== 'timesheet' || !scope.id || !uuidPattern.test(scope.id)) return scope;
  const [approved] = await tx
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(and(eq(timesheets.id, scope.id), eq(timesheets.status, 'approved')));
  return approved ? { ...scope, readOnly: true } : scope;
}

/**
 * Exchanges a magic-link token for a session limited to what the link was issued for. The link
 * may be opened again until it expires (7 days): a supervisor opens it from the e-mail, then from
 * their phone. Opening it only signs in; what it names changes only on an explicit action.
 */
export async function loginWithMagicLink(deps: AuthDeps, token: string) {
  return deps.db.transaction(async (tx) => {
    const issued = await redeemToken(tx, token, ['magic_link']);
    if (!issued) throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
    const user = await findUserById(tx, issued.userId);
    if (!user?.active) throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
    const scope = await decidedAlready(tx, issued.scope);
    const { token: sessionToken } = await createSession(tx, deps.jwt, {
      userId: user.id,
      scope,
      hours: deps.sessionHours,
    });
    return { token: sessionToken, user: toUser(user), scope };
  });
}
