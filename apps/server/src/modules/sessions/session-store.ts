import type { Me, Role, SessionScope } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { phoneChanges, sessions, users } from '../../db/schema/index.ts';
import type { Jwt } from './jwt.ts';

/** Who is calling, attached to each authenticated request. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  /** Null for a full session; set for a magic-link session limited to one thing. */
  scope: SessionScope | null;
  /** The user as of the last check; `GET /api/users/me` answers from it. */
  user: Omit<Me, 'pendingPhone'>;
  /**
   * The new mobile waiting for its code as of the last check, with when its code expires (ms since
   * the epoch): `GET /api/users/me` shows it until then. Whoever changes it forgets the user.
   */
  pendingPhone: { phone: string; expiresAt: number } | null;
  /** When the session ends (ms since the epoch), as of the last check: a socket is closed then. */
  expiresAt: number;
}

export type Invalidation = { sessionId: string } | { userId: string };

/**
 * Checks bearer tokens, with a per-process cache so that an authenticated request costs no query.
 *
 * A cached answer must never outlive what it stands for: whoever revokes a session or changes a
 * user (role, active, profile) calls `forgetSession`/`forgetUser` after the change commits, and the
 * invalidation reaches every process at once: through Redis when REDIS_URL is set, through
 * PostgreSQL LISTEN/NOTIFY otherwise (embedded PGlite is a single process). Entries also expire
 * after `ttlMs` as a safety net.
 */
export class SessionStore {
  readonly #entries = new Map<string, { auth: AuthContext; validUntil: number }>();
  readonly #database: Database;
  readonly #jwt: Jwt;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #publish: (event: Invalidation) => Promise<void> = async () => {};
  #unsubscribe: () => Promise<void> = async () => {};
  readonly #invalidationListeners = new Set<(event: Invalidation) => void>();

  constructor(options: { database: Database; jwt: Jwt; ttlMs?: number; maxEntries?: number }) {
    this.#database = options.database;
    this.#jwt = options.jwt;
    this.#ttlMs = options.ttlMs ?? 30_000;
    this.#maxEntries = options.maxEntries ?? 20_000;
  }

  /** Shares invalidations with the other processes. */
  async connect(redis: Redis | null): Promise<void> {
    const channel = 'brigade:session-invalidations';
    const apply = (message: string) => this.#forgetLocally(JSON.parse(message) as Invalidation);
    if (redis) {
      const subscriber = redis.duplicate();
      await subscriber.subscribe(channel);
      subscriber.on('message', (_channel, message) => apply(message));
      // After a lost connection, invalidations sent meanwhile were missed: trust nothing cached.
      subscriber.on('ready', () => this.#entries.clear());
      this.#publish = async (event) => {
        await redis.publish(channel, JSON.stringify(event));
      };
      this.#unsubscribe = async () => {
        await subscriber.quit();
      };
    } else if (this.#database.kind === 'postgres') {
      const pgChannel = 'brigade_session_invalidations';
      const stop = await this.#database.listen(pgChannel, apply, () => this.#entries.clear());
      this.#publish = (event) => this.#database.notify(pgChannel, JSON.stringify(event));
      this.#unsubscribe = stop;
    }
  }

  async close(): Promise<void> {
    await this.#unsubscribe();
    this.#entries.clear();
  }

  /**
   * The caller of `token` as the cache holds it, without waiting: most requests end here, so the
   * request's first step need not go through a promise. Undefined: ask `authenticate`.
   */
  cached(token: string): AuthContext | undefined {
    const cached = this.#entries.get(token);
    if (!cached) return undefined;
    if (cached.validUntil > Date.now()) return cached.auth;
    this.#entries.delete(token);
    return undefined;
  }

  async authenticate(token: string): Promise<AuthContext | null> {
    const known = this.cached(token);
    if (known) return known;
    const now = Date.now();
    const claims = await this.#jwt.verify(token);
    if (!claims) return null;
    const [row] = await this.#database.db
      .select({
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        scope: sessions.scope,
        user: {
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          language: users.language,
          phone: users.phone,
        },
        active: users.active,
        pendingPhone: phoneChanges.phone,
        pendingPhoneExpiresAt: phoneChanges.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(phoneChanges, eq(phoneChanges.userId, sessions.userId))
      .where(eq(sessions.id, claims.sid))
      .limit(1);
    if (!row || row.userId !== claims.sub || row.revokedAt || !row.active) return null;
    const sessionEnd = Math.min(row.expiresAt.getTime(), claims.exp * 1000);
    if (sessionEnd <= now) return null;
    const auth: AuthContext = {
      userId: row.userId,
      sessionId: claims.sid,
      role: row.user.role,
      scope: row.scope ?? null,
      user: row.user,
      pendingPhone:
        row.pendingPhone && row.pendingPhoneExpiresAt
          ? { phone: row.pendingPhone, expiresAt: row.pendingPhoneExpiresAt.getTime() }
          : null,
      expiresAt: sessionEnd,
    };
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(token, { auth, validUntil: Math.min(sessionEnd, now + this.#ttlMs) });
    return auth;
  }

  /** After a session is revoked (logout). */
  forgetSession(sessionId: string): Promise<void> {
    return this.#forget({ sessionId });
  }

  /** After a user's sessions are revoked or the user changed (role, active, profile). */
  forgetUser(userId: string): Promise<void> {
    return this.#forget({ userId });
  }

  async #forget(event: Invalidation): Promise<void> {
    this.#forgetLocally(event);
    await this.#publish(event);
  }

  /**
   * Called in every process when a session ends or a user changes (what `forgetSession` and
   * `forgetUser` announce): the realtime plugin closes the sockets opened with that session.
   */
  onInvalidation(listener: (event: Invalidation) => void): () => void {
    this.#invalidationListeners.add(listener);
    return () => this.#invalidationListeners.delete(listener);
  }

  #forgetLocally(event: Invalidation): void {
    for (const listener of this.#invalidationListeners) listener(event);
    for (const [token, { auth }] of this.#entries) {
      if ('sessionId' in event ? auth.sessionId === event.sessionId : auth.userId === event.userId) {
        this.#entries.delete(token);
      }
    }
  }
}
