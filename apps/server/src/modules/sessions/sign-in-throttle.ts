import { setTimeout as sleep } from 'node:timers/promises';
import { eq, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { signInFailures } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

/**
 * Repeated failed sign-ins on one login (an e-mail or a phone) slow that login down, in every server
 * process alike (the count is a PostgreSQL row): after `failuresBeforeDelay` failures, each further
 * attempt waits 1 s, 2 s, 4 s… up to `maxDelayMs` before its password is even checked, and a success
 * starts the count over. Nothing is ever refused: a stranger guessing a worker's password can make
 * the worker wait half a minute at most, never lock them out. Unknown logins are counted alike, so
 * the delay does not tell who has an account. Beside it, LOGIN_RATE_LIMIT bounds each client address.
 */
export interface SignInThrottle {
  failuresBeforeDelay: number;
  /** Failures are forgotten this long after the last one. */
  windowMs: number;
  maxDelayMs: number;
}

/** The throttle the settings describe (LOGIN_FAILURES_BEFORE_DELAY, LOGIN_FAILURE_WINDOW_MINUTES…). */
export function signInThrottleOf(
  config: Pick<
    Config,
    'LOGIN_FAILURES_BEFORE_DELAY' | 'LOGIN_FAILURE_WINDOW_MINUTES' | 'LOGIN_MAX_DELAY_SECONDS'
  >,
): SignInThrottle {
  return {
    failuresBeforeDelay: config.LOGIN_FAILURES_BEFORE_DELAY,
    windowMs: config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    maxDelayMs: config.LOGIN_MAX_DELAY_SECONDS * 1000,
  };
}

const firstDelayMs = 1000;

/** The wait before an attempt on a login that has failed `failures` times in a row. */
export function signInDelayMs(failures: number, throttle: SignInThrottle): number {
  if (failures < throttle.failuresBeforeDelay) return 0;
  return Math.min(throttle.maxDelayMs, firstDelayMs * 2 ** (failures - throttle.failuresBeforeDelay));
}

/** The row's key: an e-mail is already lower-cased, a phone already in E.164, by the schema. */
function loginHash(login: string): string {
  return sha256(login);
}

/**
 * Waits for this login's turn: the delay its failures call for, counted from the last failure (an
 * attempt long after it does not wait at all).
 */
export async function waitForSignInTurn(
  db: Executor,
  login: string,
  throttle: SignInThrottle,
): Promise<void> {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(eq(signInFailures.loginHash, loginHash(login)));
  if (!row) return;
  const now = Date.now();
  const last = row.lastFailedAt.getTime();
  if (now - last > throttle.windowMs) return;
  const wait = last + signInDelayMs(row.failures, throttle) - now;
  if (wait > 0) await sleep(wait);
}

/** Counts a failure (one upsert, so concurrent failures in several processes all count). */
export async function recordSignInFailure(db: Db, login: string, throttle: SignInThrottle): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - throttle.windowMs);
  await db.transaction(async (tx) => {
    await tx
      .insert(signInFailures)
      .values({ loginHash: loginHash(login), failures: 1, lastFailedAt: now })
      .onConflictDoUpdate({
        target: signInFailures.loginHash,
        set: {
          failures: sql`case when ${signInFailures.lastFailedAt} < ${windowStart} then 1 else ${signInFailures.failures} + 1 end`,
          lastFailedAt: now,
        },
      });
    // Counts nobody needs any more (most are strangers' guesses) do not pile up.
    await tx.delete(signInFailures).where(lt(signInFailures.lastFailedAt, windowStart));
  });
}

/** A successful sign-in starts the count over. */
export async function clearSignInFailures(db: Executor, login: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.loginHash, loginHash(login)));
}
