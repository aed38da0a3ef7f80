import type { SessionScope } from '@brigade/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
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

/**
 * Moves the end of an open session to `hours` from now and signs a new token for it (same session
 * id: logging out with either token ends both). Only a full session: a magic-link one is never
 * renewed. Null when the session has ended meanwhile (logged out, password changed, archived,
 * expired): ending a session is never undone by a renewal.
 */
export async function renewSession(
  db: Executor,
  jwt: Jwt,
  input: { sessionId: string; userId: string; hours: number },
): Promise<{ token: string; expiresAt: Date } | null> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.hours * 3600_000);
  const [renewed] = await db
    .update(sessions)
    .set({ expiresAt })
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.userId, input.userId),
        isNull(sessions.scope),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  if (!renewed) return null;
  const token = await jwt.sign({ sub: input.userId, sid: renewed.id }, expiresAt);
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
