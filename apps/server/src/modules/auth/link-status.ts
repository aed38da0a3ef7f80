import type { ResetLinkStatus } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import { usableToken } from '../sessions/index.ts';
import { findUserById } from '../users/index.ts';

const unusable: ResetLinkStatus = { valid: false, purpose: null, language: null };

/**
 * Whether a reset or invitation link can still set a password, so that its page says "already used
 * or expired" when it is opened rather than after a new password was typed, and in which language
 * the page speaks: its owner's (a worker invited by SMS has no other way to say it). It tells what
 * kind of link it is and that language, never whose: a used, expired, unknown or magic link, or one
 * of an archived account, all answer the same.
 */
export async function resetLinkStatus(db: Db, token: string | null): Promise<ResetLinkStatus> {
  const usable = token ? await usableToken(db, token, ['password_reset', 'invitation']) : null;
  if (!usable || (usable.purpose !== 'password_reset' && usable.purpose !== 'invitation')) return unusable;
  const owner = await findUserById(db, usable.userId);
  if (!owner?.active) return unusable;
  return { valid: true, purpose: usable.purpose, language: owner.language };
}
