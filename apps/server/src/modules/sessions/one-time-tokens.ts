import type { SessionScope } from '@brigade/shared';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

export type TokenPurpose = 'password_reset' | 'magic_link' | 'invitation';

/** How long each kind of link stays valid. */
export const tokenLifetimeMinutes: Record<TokenPurpose, number> = {
  password_reset: 30,
  magic_link: 7 * 24 * 60,
  invitation: 7 * 24 * 60,
};

/** The token's row, if it could be used at `now`: known, of one of `purposes`, unspent, unexpired. */
const usable = (token: string, purposes: TokenPurpose[], now = new Date()) =>
  and(
    eq(oneTimeTokens.tokenHash, sha256(token)),
    inArray(oneTimeTokens.purpose, purposes),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

/** Issues a token and stores only its hash; the raw token goes into the link and nowhere else. */
export async function issueToken(
  db: Executor,
  input: { userId: string; purpose: TokenPurpose; scope?: SessionScope | null; minutes?: number },
): Promise<string> {
  const token = randomToken();
  const minutes = input.minutes ?? tokenLifetimeMinutes[input.purpose];
  await db.insert(oneTimeTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    scope: input.scope ?? null,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return token;
}

/**
 * Marks the token used and returns what it was issued for, or null when it is unknown, of another
 * purpose, expired or already used. One UPDATE, so two concurrent uses cannot both succeed.
 */
export async function consumeToken(
  db: Executor,
  token: string,
  purposes: TokenPurpose[],
): Promise<{ userId: string; purpose: TokenPurpose; scope: SessionScope | null } | null> {
  const now = new Date();
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(usable(token, purposes, now))
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose, scope: oneTimeTokens.scope });
  if (!row) return null;
  return { userId: row.userId, purpose: row.purpose, scope: row.scope ?? null };
}

/**
 * What a reusable link's token was issued for (a magic link: the supervisor opens it from the
 * e-mail, then again from their phone), or null when it is unknown, of another purpose, expired or
 * spent (a password reset spends a user's links). It stays usable until it expires.
 */
export async function redeemToken(
  db: Executor,
  token: string,
  purposes: TokenPurpose[],
): Promise<{ userId: string; purpose: TokenPurpose; scope: SessionScope | null } | null> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose, scope: oneTimeTokens.scope })
    .from(oneTimeTokens)
    .where(usable(token, purposes));
  if (!row) return null;
  return { userId: row.userId, purpose: row.purpose, scope: row.scope ?? null };
}

/**
 * What a token was issued for and to whom, if it could still be used now (known, of one of
 * `purposes`, unused, not expired); null otherwise. Reads only: the token stays usable.
 */
export async function usableToken(
  db: Executor,
  token: string,
  purposes: TokenPurpose[],
): Promise<{ purpose: TokenPurpose; userId: string } | null> {
  const [row] = await db
    .select({ purpose: oneTimeTokens.purpose, userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(usable(token, purposes));
  return row ?? null;
}

/**
 * Spends every unused link of a user (reset, invitation, magic link). Called in the transaction that
 * sets a new password: a link sent before the change must not open the account after it.
 */
export async function spendUserTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
