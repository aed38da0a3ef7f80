import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Server } from 'socket.io';
import { liveEventsRule, mayAttempt } from '../lib/policy.ts';
import { adminsRoom } from '../lib/realtime.ts';

/**
 * socket.io on the app's own port, at /socket.io. A browser connects with its session token
 * (`auth: { token }`); an admin's socket joins the admins' room, where `changed` (what each write
 * changed, lib/changes.ts) and `new_message` (a text that arrived) go. With several processes the adapter carries each event to the sockets of
 * every process: Redis when REDIS_URL is set, PostgreSQL (LISTEN/NOTIFY) otherwise; the embedded
 * database is one process and needs none. A socket is closed when its session ends.
 */
/**
 * The pool as the PostgreSQL adapter sees it. The adapter takes a connection for LISTEN when it
 * starts, without waiting for it; closed before it has it, it would keep it checked out forever,
 * and closing the pool would wait forever. So every connection it holds is given back when the app
 * closes (`releaseAll`), and none is handed out after that; one whose connection ended is given
 * back at once (the adapter then takes a new one: it reconnects by itself).
 */
function closablePool(pool: pg.Pool) {
  const never = new Promise<never>(() => {});
  const held = new Set<pg.PoolClient>();
  let closed = false;
  const facade = {
    query: pool.query.bind(pool),
    async connect() {
      if (closed) return never;
      const client = await pool.connect();
      if (closed) {
        client.release();
        return never;
      }
      const release = client.release.bind(client);
      held.add(client);
      client.release = (error?: Error | boolean) => {
        held.delete(client);
        release(error);
      };
      // When its connection dies the adapter takes another one, without giving the dead one
      // back: each lost connection would keep one of the pool's places for good. (Its 'error' is
      // heard by the pool's listener on every client: unheard, it crashed the process.)
      client.once('end', () => {
        if (held.has(client)) client.release(new Error('connection ended'));
      });
      return client;
    },
  };
  return {
    pool: facade as unknown as pg.Pool,
    releaseAll() {
      closed = true;
      for (const client of held) client.release();
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    const { sessions, redis, database, realtime } = app.deps;
    const io = new Server(app.server, { path: '/socket.io', serveClient: false });
    const adapterPool = database.pool && !redis ? closablePool(database.pool) : null;
    const redisClients = redis ? [redis.duplicate(), redis.duplicate()] : [];
    if (redisClients[0] && redisClients[1]) {
      io.adapter(createRedisAdapter(redisClients[0], redisClients[1]));
    } else if (adapterPool) {
      io.adapter(
        createPostgresAdapter(adapterPool.pool, {
          errorHandler: (error) => app.log.warn({ err: error }, 'socket.io PostgreSQL adapter'),
        }),
      );
    }

    io.use(async (socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      const auth = typeof token === 'string' ? await sessions.authenticate(token).catch(() => null) : null;
      if (!auth) return next(new Error('UNAUTHORIZED'));
      // A magic-link session reaches one thing, never the office's inbox.
      if (!mayAttempt(auth, liveEventsRule)) return next(new Error('FORBIDDEN'));
      socket.data.sessionId = auth.sessionId;
      socket.data.userId = auth.userId;
      socket.data.expiresAt = auth.expiresAt;
      next();
    });
    io.on('connection', (socket) => {
      void socket.join(adminsRoom);
      // Closed when its session ends, as at logout: an expired session received events 3 s after
      // its end. (A timer's longest wait is about 24 days; an office session lasts hours.)
      const untilEnd = Math.min(Math.max(0, socket.data.expiresAt - Date.now()), 2 ** 31 - 1);
      const expiry = setTimeout(() => socket.disconnect(true), untilEnd);
      expiry.unref();
      socket.on('disconnect', () => clearTimeout(expiry));
    });
    const stopListening = sessions.onInvalidation((event) => {
      for (const socket of io.of('/').sockets.values()) {
        const ended =
          'sessionId' in event
            ? socket.data.sessionId === event.sessionId
            : socket.data.userId === event.userId;
        if (ended) socket.disconnect(true);
      }
    });
    realtime.attach(io);

    app.addHook('preClose', async () => {
      realtime.attach(null);
      stopListening();
      io.local.disconnectSockets(true);
      // Not io.close(): it would close the HTTP server, which is Fastify's to close.
      await io.of('/').adapter.close();
      adapterPool?.releaseAll();
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => {})));
    });
  },
  { name: 'realtime', dependencies: ['deps'] },
);
