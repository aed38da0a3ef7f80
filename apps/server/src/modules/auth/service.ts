import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ForgotPasswordRequestParsed,
  fieldRoles,
  type LoginRequest,
  type Role,
  type SessionScope,
} from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { timesheets, type UserRow, users } from '../../db/schema/index.ts';
import { hashPassword, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueMessage, passwordResetMessage } from '../outbox/index.ts';
import type { AuthContext, Jwt, SessionStore } from '../sessions/index.ts';
import {
  clearSignInFailures,
  consumeToken,
  createSession,
  issueToken,
  recordSignInFailure,
  redeemToken,
  renewSession,
  revokeSession,
  revokeUserSessions,
  type SignInThrottle,
  spendUserTokens,
  waitForSignInTurn,
} from '../sessions/index.ts';
import {
  findSignInCandidatesByPhone,
  findUserByEmail,
  findUserById,
  findUsersByPhone,
  toUser,
} from '../users/index.ts';
import { authPolicy } from './policy.ts';

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

const isFieldRole = (role: Role) => (fieldRoles as readonly Role[]).includes(role);

/**
 * How long a full sign-in of `role` lasts. Workers and site supervisors use the app on their own
 * phone, outdoors, and must not be sent back to the login every morning: weeks, renewed as they use
 * it. The office's sign-in (admins, who see everyone's data on shared desks) lasts a workday.
 */
export function fullSessionHours(deps: Pick<AuthDeps, 'sessionHours' | 'fieldSessionDays'>, role: Role) {
  return isFieldRole(role) ? deps.fieldSessionDays * 24 : deps.sessionHours;
}

/** How many accounts sharing one phone number sign-in checks at most (each check is a slow hash). */
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
export const passwordResetMinimumMs = 150;

/**
 * Sends a reset link by e-mail or SMS when the account exists and is active. Says nothing either way:
 * the caller answers the same, after the same time, whether or not anything was sent.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  request: ForgotPasswordRequestParsed,
): Promise<void> {
  await Promise.all([sendPasswordResetLink(deps, request), sleep(passwordResetMinimumMs)]);
}

/** An e-mail gets the link by e-mail, a phone number by SMS: what the one field held decides. */
async function sendPasswordResetLink(deps: AuthDeps, request: ForgotPasswordRequestParsed): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const channel = request.phone ? 'sms' : 'email';
    // A mobile is one active person's: the link goes to that one account (archived accounts that
    // had the number are not it). Two active accounts still sharing one, from before it had to be
    // one person's, cannot tell us whose password to reset: nothing is sent.
    const candidates = request.phone
      ? (await findUsersByPhone(tx, request.phone)).filter((candidate) => candidate.active)
      : [await findUserByEmail(tx, request.email ?? '')];
    const user = candidates.length === 1 ? candidates[0] : undefined;
    const recipient = channel === 'email' ? user?.email : user?.phone;
    if (!user?.active || !recipient) return;

    const token = await issueToken(tx, { userId: user.id, purpose: 'password_reset' });
    const link = `${deps.publicUrl.replace(/\/$/, '')}/change-password/${token}`;
    const text = passwordResetMessage(user.language, { firstName: user.firstName, link });
    await enqueueMessage(tx, {
      channel,
      recipient,
      subject: channel === 'email' ? text.subject : undefined,
      body: channel === 'email' ? text.email : text.sms,
      language: user.language,
      idempotencyKey: `password-reset:${sha256(token)}`,
      meta: { userId: user.id, kind: 'password_reset' },
    });
  });
}

/**
 * Sets a new password from a reset (or invitation) link, and signs the person in: this link and
 * every other unused link of the user are spent, every session ends, and a new one starts, in the
 * same transaction. A link of an archived account sets nothing (it reads as spent).
 */
export async function resetPassword(deps: AuthDeps, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const signedIn = await deps.db.transaction(async (tx) => {
    const issued = await consumeToken(tx, token, ['password_reset', 'invitation']);
    const owner = issued ? await findUserById(tx, issued.userId) : undefined;
    if (!issued || !owner?.active) throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, owner.id));
    await spendUserTokens(tx, owner.id);
    await revokeUserSessions(tx, owner.id);
    // After the revocation, so that it is the one session left.
    const { token: sessionToken } = await createSession(tx, deps.jwt, {
      userId: owner.id,
      hours: fullSessionHours(deps, owner.role),
    });
    await recordAudit(tx, {
      actorId: owner.id,
      action: issued.purpose === 'invitation' ? 'password.set' : 'password.reset',
      entity: 'user',
      entityId: owner.id,
    });
    return { token: sessionToken, user: toUser(owner) };
  });
  // The new session's token is in no cache yet: only the ended ones are forgotten.
  await deps.sessions.forgetUser(signedIn.user.id);
  return signedIn;
}

/**
 * Renews a worker's or supervisor's sign-in: the same session, ending FIELD_SESSION_DAYS from now,
 * under a new token. An admin's and a magic-link session are refused by the rule; a session ended
 * meanwhile (logout, password change, archiving) answers 401 like any ended session.
 */
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
