import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { phoneChanges, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueMessage, phoneCodeMessage } from '../outbox/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import { assertPhoneFree, phoneUniqueError } from './phone-owner.ts';
import { usersPolicy } from './policy.ts';
import { findUserById } from './repository.ts';
import { refreshSearchText } from './search-text.ts';

/**
 * A person who gives themselves a new mobile proves it is theirs: the number waits in
 * `phone_changes` with a 6-digit code sent to it by SMS, and becomes theirs only when they type the
 * code back (and it is still nobody else's). An office's edit of a person needs no code.
 */
export const phoneCodeMinutes = 15;
export const phoneCodeAttempts = 5;

const codeHash = (userId: string, phone: string, code: string) =>
  sha256(`phone-code:${userId}:${phone}:${code}`);

/** The new mobile waiting for its code, if it has not expired. */
export async function pendingPhoneOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: phoneChanges.phone })
    .from(phoneChanges)
    .where(sql`${phoneChanges.userId} = ${userId} and ${phoneChanges.expiresAt} > now()`);
  return row?.phone ?? null;
}

/** The session's snapshot of the new mobile waiting for its code, while its code is valid. */
export function pendingPhoneNow(pending: { phone: string; expiresAt: number } | null): string | null {
  return pending && pending.expiresAt > Date.now() ? pending.phone : null;
}

/**
 * Inside the profile's transaction: `phone` waits for its code, which goes by SMS to it in the
 * person's language. A number already someone's is refused at once (409 PHONE_NOT_UNIQUE). Saving
 * again the number that already waits sends nothing new (the form sends the whole profile).
 */
export async function requestPhoneChange(
  tx: Tx,
  user: { id: string; language: Language },
  phone: string,
): Promise<void> {
  await assertPhoneFree(tx, phone, { userId: user.id });
  if ((await pendingPhoneOf(tx, user.id)) === phone) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = sql`now() + make_interval(mins => ${phoneCodeMinutes})`;
  const values = {
    phone,
    codeHash: codeHash(user.id, phone, code),
    attempts: 0,
    expiresAt,
    createdAt: sql`now()`,
  };
  const [row] = await tx
    .insert(phoneChanges)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: phoneChanges.userId, set: values })
    .returning({ createdAt: phoneChanges.createdAt });
  await enqueueMessage(tx, {
    channel: 'sms',
    recipient: phone,
    body: phoneCodeMessage(user.language, { code }),
    language: user.language,
    idempotencyKey: `phone-code:${user.id}:${row!.createdAt.toISOString()}:${sha256(code)}`,
    meta: { userId: user.id, kind: 'phone_code' },
  });
  await recordAudit(tx, {
    actorId: user.id,
    action: 'user.phone_change_requested',
    entity: 'user',
    entityId: user.id,
    after: { pendingPhone: phone },
  });
}

/** Drops a new mobile waiting for its code (the person saved their old one again, or none). */
export async function cancelPhoneChange(tx: Executor, userId: string): Promise<void> {
  await tx.delete(phoneChanges).where(eq(phoneChanges.userId, userId));
}

type Outcome = { ok: true } | { error: AppError };

/**
 * The code typed back: right, the mobile becomes the person's (if still nobody else's), audited;
 * wrong, one try fewer — the fifth wrong one drops the change. Wrong tries are kept even though the
 * answer is an error.
 */
export async function confirmPhoneChange(
  { db, sessions }: { db: Db; sessions: SessionStore },
  actor: Actor,
  code: string,
) {
  authorize(actor, usersPolicy.confirmOwnPhone);
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [pending] = await tx
        .select({
          phone: phoneChanges.phone,
          codeHash: phoneChanges.codeHash,
          attempts: phoneChanges.attempts,
          expired: sql<boolean>`${phoneChanges.expiresAt} <= now()`,
        })
        .from(phoneChanges)
        .where(eq(phoneChanges.userId, actor.userId))
        .for('update');
      if (!pending || pending.expired) {
        if (pending) await cancelPhoneChange(tx, actor.userId);
        return { error: new AppError('PHONE_CODE_EXPIRED', 'No new mobile waits for a code') };
      }
      const typed = Buffer.from(codeHash(actor.userId, pending.phone, code));
      if (!timingSafeEqual(typed, Buffer.from(pending.codeHash))) {
        const attempts = pending.attempts + 1;
        if (attempts >= phoneCodeAttempts) {
          await cancelPhoneChange(tx, actor.userId);
          return {
            error: new AppError(
              'PHONE_CODE_TOO_MANY_ATTEMPTS',
              'Too many wrong codes: save the mobile again',
            ),
          };
        }
        await tx.update(phoneChanges).set({ attempts }).where(eq(phoneChanges.userId, actor.userId));
        return {
          error: new AppError('PHONE_CODE_WRONG', 'Wrong code', {
            attemptsLeft: phoneCodeAttempts - attempts,
          }),
        };
      }
      const before = await findUserById(tx, actor.userId);
      if (!before) throw notFound('User');
      await cancelPhoneChange(tx, actor.userId);
      try {
        await assertPhoneFree(tx, pending.phone, { userId: actor.userId });
      } catch (error) {
        // Someone got the number meanwhile: the change is dropped (committed), and refused.
        if (error instanceof AppError) return { error };
        throw error;
      }
      await tx
        .update(users)
        .set({ phone: pending.phone, updatedAt: new Date() })
        .where(eq(users.id, actor.userId));
      await refreshSearchText(tx, eq(users.id, actor.userId));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'user.phone_confirmed',
        entity: 'user',
        entityId: actor.userId,
        before: { phone: before.phone },
        after: { phone: pending.phone },
      });
      return { ok: true };
    });
  } catch (error) {
    throw phoneUniqueError(error) ?? error;
  }
  // Right, wrong or dropped, the waiting mobile changed: the sessions' snapshots follow.
  await sessions.forgetUser(actor.userId);
  if ('error' in outcome) throw outcome.error;
  const user = await findUserById(db, actor.userId);
  if (!user) throw notFound('User');
  return user;
}
