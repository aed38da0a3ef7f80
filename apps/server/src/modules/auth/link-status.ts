import type { ResetLinkStatus } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import { usableTokenPurpose } from '../sessions/index.ts';

/**
 * Whether a reset or invitation link can still set a password, so that its page says "already used
 * or expired" when it is opened rather than after a new password was typed. It tells what kind of
 * link it is (the page greets an invited person differently), never whose: a used, expired, unknown
 * or magic link all answer the same.
 */
export async function resetLinkStatus(db: Db, token: string | null): Promise<ResetLinkStatus> {
  const purpose = token ? await usableTokenPurpose(db, token, ['password_reset', 'invitation']) : null;
  if (purpose === 'password_reset' || purpose === 'invitation') return { valid: true, purpose };
  return { valid: false, purpose: null };
}
