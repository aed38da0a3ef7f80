import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, Query, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir, type StaleLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The same Drizzle API whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

const dialect = new PgDialect();
const statementName = (text: string) => `p_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A query run as a named prepared statement, for the few queries of the hottest write paths:
 * - PostgreSQL parses and plans it once per connection instead of on every call (planning was half
 *   of a time entry's database time);
 * - its SQL is built once per process (building a large query cost the server more than running it):
 *   `build` writes it with a `sql.placeholder(name)` for each value, and each call gives the values.
 *   `build` gets the executor of the first call, for Drizzle's insert and update builders.
 * Rows come as PostgreSQL names them (no Drizzle mapping), with dates and timestamps as strings. On
 * PGlite it is an ordinary query.
 */
export function preparedQuery<Row, Values extends Record<string, unknown>>(build: (db: Executor) => SQL) {
  let compiled: (Query & { name: string }) | undefined;
  return async (db: Executor, values: Values): Promise<Row[]> => {
    if (!compiled) {
      const query = dialect.sqlToQuery(build(db));
      compiled = { ...query, name: statementName(query.sql) };
    }
    const result = await db._.session.prepareQuery(compiled, undefined, compiled.name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pool, on PostgreSQL (socket.io's adapter shares it). */
  pool?: pg.Pool;
  /** Applies the migrations not applied yet; says how many it applied. */
  migrate(): Promise<{ applied: number }>;
  /**
   * What a server start does before it answers: migrate, then `prepare` (accounts, the demo
   * company), both under one lock, so that processes started together on one PostgreSQL take turns
   * instead of inserting the same rows at once.
   */
  startup<T>(prepare: () => Promise<T>): Promise<{ applied: number; prepared: T }>;
  /** Rejects when the database does not answer `select 1` (the client gives up after `timeoutMs`). */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * PostgreSQL LISTEN on a dedicated connection; returns a function that stops listening. When that
   * connection drops, it reconnects and calls `onGap`: messages sent meanwhile were missed.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** An embedded database with the extensions the migrations use; in memory without `dataDir`. */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): PGlite {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return new PGlite(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm, btree_gist },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
}

/** How many migrations the database has applied (drizzle's own table; none before the first start). */
async function appliedMigrations(client: {
  query: (text: string) => Promise<{ rows: unknown[] }>;
}): Promise<number> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as e`);
  if (!(exists.rows[0] as { e: boolean }).e) return 0;
  const { rows } = await client.query('select count(*) as n from drizzle.__drizzle_migrations');
  return Number((rows[0] as { n: number | string }).n);
}

export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement, on the server; the client gives up a little later if no answer comes at all. */
  statementMs: number;
  /** A transaction left open doing nothing: the server ends it and frees its locks. */
  idleInTransactionMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 30_000,
  idleInTransactionMs: 30_000,
};

/**
 * Nothing to PostgreSQL waits forever: with the network stalled (connections open, nothing
 * forwarded) requests hung and nothing recovered. The server ends a statement or an idle
 * transaction that runs too long; the client gives up on an answer that never comes a little after
 * the server would have (the statement's own error is the better one), and TCP keep-alive finds
 * connections whose other end is gone.
 */
function connectionOptions(timeouts: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + 5000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * A query the client gave up on (pg's "Query read timeout") leaves its connection waiting for an
 * answer that may never come, and every later query on it behind that one. So the connection is
 * dropped: the client errors (its 'error' listener tells), and the pool discards it and opens a
 * fresh one when needed — the pool recovers by itself.
 */
function abandonOnReadTimeout(client: pg.PoolClient) {
  const destroy = () =>
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  const isReadTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout';
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (isReadTimeout(error)) destroy();
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isReadTimeout(error)) destroy();
      });
    }
    return result;
  };
}

/** The PostgreSQL advisory lock a server start holds while it migrates and seeds. */
const startupLockKey = 727274;

/** `postgres://…` → PostgreSQL; a folder path → PGlite persisted there; `memory://` → in-memory PGlite. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** A connection was lost (server restart, admin command); the pool opens a new one when needed. */
  onConnectionError?: (error: Error) => void;
  /** PostgreSQL only: how long a connection, a statement, an open idle transaction may take. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** Embedded database: the folder's pid file named a process that no longer holds it, and was taken over. */
  onStaleLock?: (stale: StaleLock) => void;
}): Promise<Database> {
  if (options.url) {
    const url = options.url;
    const onConnectionError = options.onConnectionError ?? (() => {});
    const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts };
    const pool = new pg.Pool({ connectionString: url, max: 10, ...connectionOptions(timeouts) });
    // A connection whose backend dies emits 'error' on its client, idle or checked out (a
    // transaction's, the socket.io adapter's LISTEN): without a listener the process crashes. The
    // pool's own 'error' only relays an idle client's, which its listener below has already told.
    pool.on('connect', (client) => {
      client.on('error', onConnectionError);
      abandonOnReadTimeout(client);
    });
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const startup: Database['startup'] = async (prepare) => {
      // Several processes may start together: one migrates and prepares, the others wait for it
      // (the lock belongs to this connection; `prepare` may use the pool). A connection of its own,
      // without the statement timeouts: waiting for the lock, or a migration building an index on
      // a large table, may rightly take longer.
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: timeouts.connectMs,
        keepAlive: true,
      });
      client.on('error', onConnectionError);
      await client.connect();
      try {
        await client.query(`select pg_advisory_lock(${startupLockKey})`);
        const before = await appliedMigrations(client);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        const applied = (await appliedMigrations(client)) - before;
        return { applied, prepared: await prepare() };
      } finally {
        await client.query(`select pg_advisory_unlock(${startupLockKey})`).catch(() => {});
        await client.end().catch(() => {});
      }
    };
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => startup(async () => undefined),
      startup,
      async ping(timeoutMs = timeouts.statementMs) {
        // A connection that does not answer in time is dropped (abandonOnReadTimeout).
        await pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig);
      },
      async listen(channel, onMessage, onGap) {
        let client: pg.Client | undefined;
        let stopped = false;
        let retry: NodeJS.Timeout | undefined;
        const connect = async () => {
          const next = new pg.Client({ connectionString: url, ...connectionOptions(timeouts) });
          next.on('error', (error) => {
            onConnectionError(error);
            void next.end().catch(() => {});
            if (stopped || client !== next) return;
            client = undefined;
            retry = setTimeout(reconnect, 1000);
          });
          next.on('notification', (message) => {
            if (message.channel === channel && message.payload) onMessage(message.payload);
          });
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
          client = next;
        };
        const reconnect = () => {
          if (stopped) return;
          connect().then(
            () => onGap?.(),
            (error: Error) => {
              onConnectionError(error);
              retry = setTimeout(reconnect, 1000);
            },
          );
        };
        await connect();
        return async () => {
          stopped = true;
          clearTimeout(retry);
          await client?.end();
        };
      },
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async close() {
        await pool.end();
      },
    };
  }
  const unlock =
    options.dataDir && !options.pglite
      ? lockDataDir(options.dataDir, { onStale: options.onStaleLock })
      : () => {};
  const pglite = options.pglite ?? createPglite({ dataDir: options.dataDir });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  const migrate = async () => {
    const before = await appliedMigrations(pglite);
    await migratePglite(drizzlePglite({ client: pglite, schema }), { migrationsFolder });
    return { applied: (await appliedMigrations(pglite)) - before };
  };
  return {
    db,
    kind: 'pglite',
    migrate,
    // One process per embedded database (its folder is locked): nothing to take turns with.
    async startup(prepare) {
      const { applied } = await migrate();
      return { applied, prepared: await prepare() };
    },
    async ping() {
      await pglite.query('select 1');
    },
    async listen(channel, onMessage) {
      const stop = await pglite.listen(channel, onMessage);
      return stop;
    },
    async notify(channel, payload) {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}
