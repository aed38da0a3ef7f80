import { setTimeout as sleep } from 'node:timers/promises';
import type { ForgotPasswordRequestParsed } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { hashPassword, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueMessage, passwordResetMessage } from '../outbox/index.ts';
import {
  consumeToken,
  createSession,
  issueToken,
  revokeUserSessions,
  spendUserTokens,
} from '../sessions/index.ts';
import { findUserByEmail, findUserById, findUsersByPhone, toUser } from '../users/index.ts';
import { type AuthDeps, fullSessionHours } from './deps.ts';

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
