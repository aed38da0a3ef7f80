import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { LoginResponse, Role } from '@brigade/shared';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { type BrigadeApp, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createPglite, type Database, openDatabase } from '../src/db/client.ts';
import { assignations, employees, orders, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { templateDatabase } from './global-setup.ts';

/** A PGlite data directory migrated once per worker, loaded into each new in-memory database. */
let pgliteTemplate: Promise<Blob> | undefined;
async function migratedPglite(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = createPglite();
    const database = await openDatabase({ pglite: client });
    await database.migrate();
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return createPglite({ loadDataDir: await pgliteTemplate });
}

/**
 * A new PostgreSQL database on TEST_DATABASE_URL named `${prefix}_<random>`: empty, or a copy of
 * `template`. `drop()` removes it, ending whatever connections are still open on it.
 */
export async function scratchPostgresDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('scratchPostgresDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database: PGlite in memory, or a copy of the PostgreSQL template. */
export async function freshDatabase(): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) return openDatabase({ pglite: await migratedPglite() });
  const scratch = await scratchPostgresDatabase('brigade_test', templateDatabase);
  const database = await openDatabase({ url: scratch.url });
  const close = database.close;
  database.close = async () => {
    await close();
    await scratch.drop();
  };
  return database;
}

export const testPassword = 'correct horse battery';

let testPhones = 0;
/**
 * A mobile no other person of this test file has (a number is one active person's): area code 873,
 * which the tests' fixed numbers never use, counted up.
 */
export function uniqueTestPhone(): string {
  testPhones += 1;
  return `+1873555${String(testPhones).padStart(4, '0')}`;
}

/** A user's columns for createUser, and `password`: the one to hash (default `testPassword`). */
type UserOverrides = Partial<typeof users.$inferInsert> & { role?: Role; password?: string };

/** The script fakeWebDist's index.html carries inline. */
export const fakeInlineScript = "document.getElementById('root').textContent = 'frame';";

/**
 * A stand-in for the web build (WEB_DIST): index.html (with an inline script), a favicon, the French translations
 * (`{"hello":"Bonjour"}`) and a hashed script, `assets/index-AbCdEf12.js`.
 */
export function fakeWebDist(): string {
  const web = mkdtempSync(path.join(tmpdir(), 'brigade-web-'));
  mkdirSync(path.join(web, 'assets', 'i18n'), { recursive: true });
  // With a script written in the page, as the build inlines the frame's (apps/web/shell-plugin.ts).
  writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><title>Brigade</title><div id="root"></div><script>${fakeInlineScript}</script>`,
  );
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(web, 'assets', 'i18n', 'fr.json'), '{"hello":"Bonjour"}');
  writeFileSync(path.join(web, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  // What the build's compression step writes beside each text asset (apps/web/vite.config.ts).
  for (const file of [
    'index.html',
    path.join('assets', 'index-AbCdEf12.js'),
    path.join('assets', 'i18n', 'fr.json'),
  ]) {
    const source = readFileSync(path.join(web, file));
    writeFileSync(path.join(web, `${file}.br`), brotliCompressSync(source));
    writeFileSync(path.join(web, `${file}.gz`), gzipSync(source));
  }
  return web;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brigade-test-')),
    PUBLIC_URL: 'https://brigade.example',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT: '10000',
    FORGOT_PASSWORD_RATE_LIMIT: '10000',
    FORGOT_PASSWORD_ACCOUNT_RATE_LIMIT: '10000',
    // A test file's admin uploads as often as it needs (upload-rate-limit.test.ts sets it low).
    UPLOAD_RATE_LIMIT: '10000',
    // Tests that sign in wrongly on purpose do not wait (sign-in-abuse.test.ts sets it low).
    LOGIN_FAILURES_BEFORE_DELAY: '10000',
    ...overrides,
  });
}

/**
 * Builds the whole app on a fresh database, closed after the file's tests. Like fastify/demo's
 * `build(t)`: tests talk to it with `app.inject`. Call it at the top of a test file, never inside a
 * test: an `afterAll` registered by a running test never runs (the database would be left behind).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    /** Routes only this test file needs (e.g. to exercise a plugin), added before the app is ready. */
    routes?: (app: BrigadeApp) => void | Promise<void>;
    /** Where the app logs (createLogger with a destination); silent without it. */
    logger?: FastifyBaseLogger;
  } = {},
) {
  const config = testConfig(env);
  const database = await freshDatabase();
  const jwtSecret = 'test-secret-test-secret-test-secret-0123456789';
  const app = await buildApp({ config, database, jwtSecret, logger: options.logger });
  await options.routes?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  let counter = 0;
  const helpers = {
    app,
    /** The database itself: for a second app on it (another server process, as far as it knows). */
    database,
    db: database.db,
    config,
    jwtSecret,
    /**
     * Creates a user (active, password `testPassword` unless `password` names another) and returns
     * its row.
     */
    async createUser(overrides: UserOverrides = {}) {
      counter++;
      const { password = testPassword, ...columns } = overrides;
      const [row] = await database.db
        .insert(users)
        .values({
          email: `user${counter}-${randomUUID().slice(0, 8)}@example.test`,
          firstName: 'Hélène',
          lastName: `Gagnon ${counter}`,
          role: 'employee',
          language: 'fr',
          passwordHash: 'passwordHash' in columns ? undefined : await hashPassword(password),
          ...columns,
        })
        .returning();
      // Test users always have an e-mail, so they can sign in.
      return row as typeof row & { email: string };
    },
    /** An employee: a user (see createUser; role `employee`) with their `employees` row. */
    async createEmployee(
      overrides: UserOverrides = {},
      employee: Partial<Omit<typeof employees.$inferInsert, 'userId'>> = {},
    ) {
      const user = await helpers.createUser({ role: 'employee', ...overrides });
      await database.db
        .insert(employees)
        .values({ userId: user.id, employeeNumber: `E-${counter}-${randomUUID().slice(0, 8)}`, ...employee });
      return user;
    },
    /**
     * An order of `siteId` over these days (07:00–15:30, weekends included) with `employeeId`
     * confirmed on it, written straight to the database: who the rules count as placed there.
     */
    async confirmOn(placement: {
      clientId: string;
      siteId: string;
      employeeId: string;
      startsOn: string;
      endsOn: string;
    }) {
      const { employeeId, ...days } = placement;
      const [order] = await database.db
        .insert(orders)
        .values({
          ...days,
          workersNeeded: 1,
          includeWeekends: true,
          dailyStartMinute: 420,
          dailyEndMinute: 930,
        })
        .returning();
      await database.db.insert(assignations).values({ orderId: order!.id, employeeId, status: 'confirmed' });
      return order!;
    },
    async login(email: string, password = testPassword): Promise<LoginResponse> {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      if (response.statusCode !== 200)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    /** PUT /api/forgot-password: a new password through a reset (or invitation) link's token. */
    resetPassword(token: string, password: string) {
      return app.inject({
        method: 'PUT',
        url: '/api/forgot-password',
        headers: { authorization: `Bearer ${token}` },
        payload: { password },
      });
    },
    /** POST /api/login-magic-link: a magic link's token exchanged for a session. */
    exchangeMagicLink(token: string) {
      return app.inject({ method: 'POST', url: '/api/login-magic-link', payload: { token } });
    },
    /** Signs `user` in: returns the user, its token and bearer header. */
    async signIn<U extends { email: string }>(user: U) {
      const { token } = await helpers.login(user.email);
      return { user, token, headers: { authorization: `Bearer ${token}` } };
    },
    /** A user of that role, signed in: returns the user and its bearer header. */
    async signedIn(role: Role = 'admin', overrides: UserOverrides = {}) {
      return helpers.signIn(await helpers.createUser({ role, ...overrides }));
    },
    /**
     * Calls under /api as `headers` (a signed-in user's) unless a call names others:
     *   const call = t.callAs(admin.headers); await call('POST', '/absences', body);
     */
    callAs(headers: Record<string, string>) {
      return (method: string, url: string, payload?: unknown, as: Record<string, string> = headers) =>
        app.inject({
          method: method as 'GET',
          url: `/api${url}`,
          headers: as,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
    },
  };
  return helpers;
}
