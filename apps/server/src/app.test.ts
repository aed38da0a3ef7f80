import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, fakeInlineScript, fakeWebDist, freshDatabase, testConfig } from '../test/app.ts';
import { buildApp } from './app.ts';
import { createLogger, maskUrl } from './lib/logger.ts';

const t = await buildTestApp({ WEB_DIST: fakeWebDist() });
const { app } = t;

describe('the HTTP surface', () => {
  it('reports health and readiness without authentication', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', version: t.config.version });
    // A test's freshly copied embedded database opens on its first query (a second or more on a
    // busy machine, past the route's 1 s bound); a real server answers only once it has migrated,
    // its database open.
    await t.db.execute(sql`select 1`);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('sends X-App-Version on every response, errors included', async () => {
    for (const url of ['/api/health', '/api/users/me', '/api/nope', '/login']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-app-version']).toBe(t.config.version);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
    expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
  });

  it('publishes the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/logout',
        '/api/forgot-password',
        '/api/login-magic-link',
        '/api/users/me',
      ]),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sets security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain('https://tile.openstreetmap.org');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the page run the script written in it, by its hash, and no other inline script', async () => {
    const response = await app.inject({ method: 'GET', url: '/employees' });
    const hash = createHash('sha256').update(fakeInlineScript).digest('base64');
    const scriptSources = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSources?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it("gives API answers, errors included, the API's short set of security headers", async () => {
    const { token } = await t.login((await t.createUser()).email);
    for (const [url, status, headers] of [
      ['/api/users/me', 200, { authorization: `Bearer ${token}` }],
      ['/api/users/me', 401, {}],
      ['/api/nope', 404, {}],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers, url).toMatchObject({
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'x-app-version': t.config.version,
      });
      // Page-only headers are not sent with JSON.
      expect(response.headers['origin-agent-cluster'], url).toBeUndefined();
    }
  });
});

interface Operation {
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}

describe('OpenAPI documentation of the master-data routes', () => {
  it('documents the error answers of every route with the one error body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, Operation>>;
    const masterData = Object.entries(paths).filter(([path]) =>
      /^\/api\/(clients|sites|supervisors|employees|skills|tools|audit-log)/.test(path),
    );
    expect(masterData.length).toBeGreaterThanOrEqual(19);
    for (const [path, operations] of masterData) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(['401', '403']));
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const body = answer.content?.['application/json']?.schema;
          expect(Object.keys(body?.properties ?? {}), `${where} ${status}`).toEqual(
            expect.arrayContaining(['code', 'message', 'details']),
          );
        }
      }
    }
    expect(Object.keys(paths['/api/clients/{id}']!.put!.responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409']),
    );
  });
});

describe('log hygiene', () => {
  it('masks reset and magic-link tokens in logged URLs', () => {
    expect(maskUrl('/change-password/abcDEF123?x=1')).toBe('/change-password/***?x=1');
    expect(maskUrl('/magic-link-login/tok_en')).toBe('/magic-link-login/***');
    expect(maskUrl('/clients/12')).toBe('/clients/12');
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or Authorization headers', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await freshDatabase();
    const logged = await buildApp({
      config: testConfig(),
      database,
      jwtSecret: t.jwtSecret,
      logger: createLogger('trace', sink),
    });
    const user = await t.createUser();
    await logged.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'super-secret-pw' },
    });
    await logged.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer eyJsecret.token.value' },
    });
    await logged.inject({ method: 'GET', url: '/change-password/reset-token-value' });
    await logged.close();
    await database.close();
    const output = lines.join('');
    expect(output).toContain('/api/users/me');
    // One line per request, written when it is answered (Fastify's own logging wrote two).
    const requestLines = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } })
      .filter((line) => line.req);
    expect(requestLines.map((line) => [line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      ['request completed', '/api/login', 401],
      ['request completed', '/api/users/me', 401],
      ['request completed', '/change-password/***', 404],
    ]);
    expect(output).not.toContain('super-secret-pw');
    expect(output).not.toContain('eyJsecret');
    expect(output).not.toContain('reset-token-value');
  });
});

describe('readiness', () => {
  it('answers 503 when the database does not', async () => {
    const database = await freshDatabase();
    const broken = await buildApp({
      config: testConfig(),
      database: { ...database, ping: async () => Promise.reject(new Error('connection refused')) },
      jwtSecret: t.jwtSecret,
    });
    const response = await broken.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    const health = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await broken.close();
    await database.close();
  });

  it('answers 503 within 2 s when the database never answers (the network to it stalled)', async () => {
    const database = await freshDatabase();
    const stalled = await buildApp({
      config: testConfig(),
      database: { ...database, ping: () => new Promise<void>(() => {}) },
      jwtSecret: t.jwtSecret,
    });
    const since = performance.now();
    const response = await stalled.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(performance.now() - since).toBeLessThan(2000);
    await stalled.close();
    await database.close();
  });
});

describe('a lost database connection', () => {
  it('answers 503 DATABASE_UNAVAILABLE, however the driver words it, never 500', async () => {
    const lost = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      // Drizzle wraps the driver's error.
      new Error('Failed query: begin', {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      }),
    ];
    const database = await freshDatabase();
    let next = 0;
    const failing = await buildApp({ config: testConfig(), database, jwtSecret: t.jwtSecret });
    failing.get('/test-lost-connection', async () => {
      throw lost[next++];
    });
    for (const _ of lost) {
      const response = await failing.inject({ method: 'GET', url: '/test-lost-connection' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    }
    const bug = await failing.inject({ method: 'GET', url: '/test-lost-connection' });
    expect(bug.statusCode).toBe(500);
    await failing.close();
    await database.close();
  });
});
