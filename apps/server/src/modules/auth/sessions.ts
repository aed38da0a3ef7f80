import type { Role, SessionScope } from '@brigade/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { Jwt } from './jwt.ts';

/** Who is calling, attached to each authenticated request. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  /** Null for a full session; set for a magic-link session limited to one thing. */
  scope: SessionScope | null;
}

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

/** A valid JWT is not enough: its session must still be open and its user active. */
export async function authenticateToken(db: Db, jwt: Jwt, token: string): Promise<AuthContext | null> {
  const claims = await jwt.verify(token);
  if (!claims) return null;
  const [row] = await db
    .select({
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      scope: sessions.scope,
      role: users.role,
      active: users.active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, claims.sid))
    .limit(1);
  if (!row || row.userId !== claims.sub || row.revokedAt || !row.active) return null;
  if (row.expiresAt.getTime() <= Date.now()) return null;
  return { userId: row.userId, sessionId: claims.sid, role: row.role, scope: row.scope ?? null };
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user, except optionally the one making the change. */
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
