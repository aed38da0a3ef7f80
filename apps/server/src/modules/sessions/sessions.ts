import type { SessionScope } from '@brigade/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import type { Jwt } from './jwt.ts';

export async function createSession(
  db: Executor,
  jwt: Jwt,
  input: { userId: string; scope?: SessionScope | null; hours: number },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + input.hours * 3600_000);
  const [session] = await db
    .insert(sessions)
    .values({ userId: input.userId, scope: input.scope ?? null, expiresAt })
    .returning({ id: sessions.id });
  const token = await jwt.sign({ sub: input.userId, sid: session!.id }, expiresAt);
  return { token, expiresAt };
}

/** Callers must then call `SessionStore.forgetSession` once the change has committed. */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every open session of a user, except optionally the one making the change. Callers must then
 * call `SessionStore.forgetUser` once the change has committed.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
