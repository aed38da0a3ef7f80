import type { LoginRequest } from '@brigade/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import {
  clearSignInFailures,
  createSession,
  recordSignInFailure,
  waitForSignInTurn,
} from '../sessions/index.ts';
import { findSignInCandidatesByPhone, findUserByEmail, toUser } from '../users/index.ts';
import { type AuthDeps, fullSessionHours } from './deps.ts';

export const maxPhoneSignInCandidates = 5;

/**
 * Signs in with an e-mail or a mobile phone and a password. A mobile is one active person's, so a
 * phone names one active account (archived ones that had the number are checked too, to say
 * ACCOUNT_INACTIVE to whoever knows their password); several matching (numbers shared before they
 * had to be one person's) is refused. At least one password check always runs, against a fixed
 * hash when nothing matches the e-mail or phone, so timing does not reveal who has an account.
 */
export async function login(deps: AuthDeps, credentials: LoginRequest) {
  const { password } = credentials;
  // The schema gives one of the two, normalized (lower-case e-mail, E.164 phone).
  const typedLogin = credentials.phone ?? credentials.email ?? '';
  await waitForSignInTurn(deps.db, typedLogin, deps.signInThrottle);
  const candidates = credentials.phone
    ? await findSignInCandidatesByPhone(deps.db, credentials.phone, maxPhoneSignInCandidates)
    : [await findUserByEmail(deps.db, credentials.email ?? '')].filter((user) => user !== undefined);

  const matching: UserRow[] = [];
  if (candidates.length === 0) await verifyPassword(null, password);
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, password)) matching.push(candidate);
  }
  const active = matching.filter((user) => user.active);
  if (active.length === 1) {
    const user = active[0]!;
    const { token } = await createSession(deps.db, deps.jwt, {
      userId: user.id,
      hours: fullSessionHours(deps, user.role),
    });
    await clearSignInFailures(deps.db, typedLogin);
    return { token, user: toUser(user) };
  }
  // Only someone who knows the password learns that the account is inactive.
  if (active.length === 0 && matching.length > 0) {
    throw new AppError('ACCOUNT_INACTIVE', 'This account is inactive');
  }
  await recordSignInFailure(deps.db, typedLogin, deps.signInThrottle);
  throw new AppError('INVALID_CREDENTIALS', 'Invalid e-mail, phone or password');
}

/**
 * The shortest time a reset request takes. An account that matches costs two more inserts (about a
 * millisecond, measured on PGlite and PostgreSQL); waiting this long either way hides the difference.
 */
