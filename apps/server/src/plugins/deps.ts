import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Realtime } from '../lib/realtime.ts';
import type { Jwt, SessionStore } from '../modules/sessions/index.ts';

/** What services need from the outside world, built once in main.ts (or a test) and passed in. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  jwt: Jwt;
  sessions: SessionStore;
  redis: Redis | null;
  /** Events to the admins' browsers (socket.io, attached by plugins/realtime.ts). */
  realtime: Realtime;
  /** What Twilio's webhooks are signed with (see webhookSigningKey). */
  webhookKey: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export default fp(
  async (app: FastifyInstance, deps: Deps) => {
    app.decorate('deps', deps);
  },
  { name: 'deps' },
);
