import { setTimeout as sleep } from 'node:timers/promises';
import type { ForgotPasswordRequest, LoginRequest, SessionScope } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { hashPassword, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueMessage, passwordResetMessage } from '../outbox/index.ts';
import type { Jwt, SessionStore } from '../sessions/index.ts';
import {
  consumeToken,
  createSession,
  issueToken,
  redeemToken,
  revokeSession,
  revokeUserSessions,
  spendUserTokens,
} from '../sessions/index.ts';
import {
  findSignInCandidatesByPhone,
  findUserByEmail,
  findUserById,
  findUsersByPhone,
  toUser,
} from '../users/index.ts';
import {
  clearSignInFailures,
  recordSignInFailure,
  type SignInThrottle,
  waitForSignInTurn,
} from './sign-in-throttle.ts';

export interface AuthDeps {
  db: Db;
  jwt: Jwt;
  sessions: SessionStore;
  sessionHours: number;
  publicUrl: string;
  signInThrottle: SignInThrottle;
}

/** How many accounts sharing one phone number sign-in checks at most (each check is a slow hash). */
export const maxPhoneSignInCandidates = 5;

/**
 * Signs in with an e-mail or a mobile phone and a password. A phone may be shared (a family's
 * phone, a foreman's): among its accounts, the one active account whose password matches is signed
 * in; none or several matching is refused. At least one password check always runs, against a fixed
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
    const { token } = await createSession(deps.db, deps.jwt, { userId: user.id, hours: deps.sessionHours });
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
export const passwordResetMinimumMs = 150;

/**
 * Sends a reset link by e-mail or SMS when the account exists and is active. Says nothing either way:
 * the caller answers the same, after the same time, whether or not anything was sent.
 */
export async function requestPasswordReset(deps: AuthDeps, request: ForgotPasswordRequest): Promise<void> {
  await Promise.all([sendPasswordResetLink(deps, request), sleep(passwordResetMinimumMs)]);
}

async function sendPasswordResetLink(deps: AuthDeps, request: ForgotPasswordRequest): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const candidates =
      request.channel === 'email'
        ? [await findUserByEmail(tx, request.email)]
        : await findUsersByPhone(tx, request.phone);
    // A phone number shared by two accounts cannot tell us whose password to reset.
    const user = candidates.length === 1 ? candidates[0] : undefined;
    const recipient = request.channel === 'email' ? user?.email : user?.phone;
    if (!user?.active || !recipient) return;

    const token = await issueToken(tx, { userId: user.id, purpose: 'password_reset' });
    const link = `${deps.publicUrl.replace(/\/$/, '')}/change-password/${token}`;
    const text = passwordResetMessage(user.language, { firstName: user.firstName, link });
    await enqueueMessage(tx, {
      channel: request.channel,
      recipient,
      subject: request.channel === 'email' ? text.subject : undefined,
      body: request.channel === 'email' ? text.email : text.sms,
      language: user.language,
      idempotencyKey: `password-reset:${sha256(token)}`,
      meta: { userId: user.id, kind: 'password_reset' },
    });
  });
}

/**
 * Sets a new password from a reset (or invitation) link: this link and every other unused link of
 * the user are spent, and every session ends.
 */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await deps.db.transaction(async (tx) => {
    const issued = await consumeToken(tx, token, ['password_reset', 'invitation']);
    if (!issued) throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, issued.userId));
    await spendUserTokens(tx, issued.userId);
    await revokeUserSessions(tx, issued.userId);
    await recordAudit(tx, {
      actorId: issued.userId,
      action: issued.purpose === 'invitation' ? 'password.set' : 'password.reset',
      entity: 'user',
      entityId: issued.userId,
    });
    return issued.userId;
  });
  await deps.sessions.forgetUser(userId);
}

/** Ends this session at once, on every server process. */
export async function logout(deps: Pick<AuthDeps, 'db' | 'sessions'>, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId);
  await deps.sessions.forgetSession(sessionId);
}

/** Issues a magic link token for a user, limited to `scope` (a timesheet, for a supervisor). */
export function issueMagicLink(
  deps: Pick<AuthDeps, 'db'>,
  userId: string,
  scope: SessionScope,
  minutes?: number,
) {
  return issueToken(deps.db, { userId, purpose: 'magic_link', scope, minutes });
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
    const { token: sessionToken } = await createSession(tx, deps.jwt, {
      userId: user.id,
      scope: issued.scope,
      hours: deps.sessionHours,
    });
    return { token: sessionToken, user: toUser(user), scope: issued.scope };
  });
}
