import type { UpdateMe } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import {
  clearSignInFailures,
  recordSignInFailure,
  revokeUserSessions,
  type SignInThrottle,
  spendUserTokens,
  waitForSignInTurn,
} from '../sessions/index.ts';
import { cancelPhoneChange, pendingPhoneOf, requestPhoneChange } from './phone-change.ts';
import { phoneUniqueError } from './phone-owner.ts';
import { usersPolicy } from './policy.ts';
import { findUserById } from './repository.ts';
import { refreshSearchText } from './search-text.ts';

type ParsedUpdateMe = Omit<UpdateMe, 'phone'> & { phone?: string | null };

/**
 * A user edits their own profile; a password change needs the current password and ends their other
 * sessions. A new mobile waits for the code sent to it (see phone-change.ts); removing one's mobile,
 * or saving the current one again, takes effect at once and drops any waiting.
 */
export async function updateOwnProfile(
  { db, sessions, signInThrottle }: { db: Db; sessions: SessionStore; signInThrottle: SignInThrottle },
  actor: Actor & { sessionId: string },
  input: ParsedUpdateMe,
) {
  authorize(actor, usersPolicy.updateOwnProfile, input);
  const before = await findUserById(db, actor.userId);
  if (!before) throw notFound('User');

  let passwordHash: string | undefined;
  if (input.newPassword) {
    // Guesses of the current password (someone at an unlocked phone) are slowed down as sign-ins
    // are, counted per account in every process.
    const guesses = `current-password:${actor.userId}`;
    await waitForSignInTurn(db, guesses, signInThrottle);
    if (!(await verifyPassword(before.passwordHash, input.currentPassword ?? ''))) {
      await recordSignInFailure(db, guesses, signInThrottle);
      throw new AppError('WRONG_PASSWORD', 'The current password is wrong');
    }
    await clearSignInFailures(db, guesses);
    passwordHash = await hashPassword(input.newPassword);
  }

  // A new number (not the current one, not none) is only asked for here.
  const newPhone = input.phone && input.phone !== before.phone ? input.phone : undefined;
  const updated = await db
    .transaction(async (tx) => {
      if (newPhone) {
        await requestPhoneChange(
          tx,
          { id: actor.userId, language: input.language ?? before.language },
          newPhone,
        );
      } else if (input.phone !== undefined) {
        await cancelPhoneChange(tx, actor.userId);
      }
      await tx
        .update(users)
        .set({
          language: input.language,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: newPhone ? undefined : input.phone,
          passwordHash,
          updatedAt: new Date(),
        })
        .where(eq(users.id, actor.userId));
      await refreshSearchText(tx, eq(users.id, actor.userId));
      // Read once the search text follows the new names and phone, so the audit's "after" has it too.
      const after = await findUserById(tx, actor.userId);
      if (passwordHash) {
        // Links sent before the change (reset, invitation, magic link) must not open the account after it.
        await spendUserTokens(tx, actor.userId);
        await revokeUserSessions(tx, actor.userId, actor.sessionId);
      }
      await recordAudit(tx, {
        actorId: actor.userId,
        action: passwordHash ? 'user.update_profile_and_password' : 'user.update_profile',
        entity: 'user',
        entityId: actor.userId,
        before,
        after,
      });
      return { user: after!, pendingPhone: await pendingPhoneOf(tx, actor.userId) };
    })
    .catch((error: unknown) => {
      throw phoneUniqueError(error) ?? error;
    });
  // The session cache holds a snapshot of the user: refresh it everywhere.
  await sessions.forgetUser(actor.userId);
  return updated;
}
