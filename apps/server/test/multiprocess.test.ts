import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature, webhookSigningKey } from '../src/modules/messages/index.ts';
import { scratchPostgresDatabase } from './app.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');

/** Starts a real server process and resolves with its port once it says it is ready. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

const jwtSecret = 'multi-process-secret-multi-process-secret';

function multiProcessSuite(withRedis: boolean) {
  let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>> | undefined;
  const servers: { child: ChildProcess; port: number }[] = [];
  const admin = { email: 'multi@example.test', password: 'multi-process-pw' };

  beforeAll(async () => {
    scratch = await scratchPostgresDatabase('brigade_multi');
    const env = {
      DATABASE_URL: scratch.url,
      ...(withRedis ? { REDIS_URL: redisUrl! } : {}),
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOGIN_RATE_LIMIT: '6',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brigade-multi-')),
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
      // The README's scale-out recipe with the demo company: both load it, one after the other.
      SEED: 'demo',
      DEMO_PASSWORD: 'multi-demo-pw',
    };
    // Started together on an empty database: the start lock lets one migrate and seed at a time.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await scratch?.drop();
  });

  const call = (index: number, route: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${servers[index]!.port}/api${route}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...init.headers },
    });

  it('both started on an empty database with SEED=demo, and the demo company is there once', async () => {
    const login = await call(1, '/login', { method: 'POST', body: JSON.stringify(admin) });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const lists = await Promise.all(
      [0, 1].map(async (index) => {
        const response = await call(index, '/clients?pageSize=100', { headers: auth });
        expect(response.status).toBe(200);
        return (await response.json()) as { total: number; items: { name: string }[] };
      }),
    );
    expect(lists[0]!.total).toBeGreaterThan(0);
    expect(lists[1]!.total).toBe(lists[0]!.total);
    const names = lists[0]!.items.map((client) => client.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('made last week’s timesheets once between them: the weekly job runs in one process at a time', async () => {
    const db = new pg.Client({ connectionString: scratch!.url });
    await db.connect();
    try {
      const count = async (query: string) => ((await db.query(query)).rows[0] as { n: number }).n;
      await expect
        .poll(() => count('select count(*)::int as n from timesheet_job_weeks where made_at is not null'), {
          timeout: 30_000,
          interval: 200,
        })
        .toBeGreaterThan(0);
      // Every site with hours in the week made has its sheet, with one "created" in its history.
      expect(
        await count(`select count(*)::int as n from timesheets t
          join timesheet_job_weeks w on w.week_start = t.week_start and w.made_at is not null`),
      ).toBeGreaterThan(0);
      expect(
        await count(`select count(*)::int as n from timesheets t
          join timesheet_job_weeks w on w.week_start = t.week_start and w.made_at is not null
          where (select count(*) from timesheet_events e where e.timesheet_id = t.id and e.kind = 'created') <> 1`),
      ).toBe(0);
      expect(
        await count(`select count(distinct te.site_id)::int as n from time_entries te
          join timesheet_job_weeks w on w.made_at is not null
            and te.work_date between w.week_start and w.week_start + 6
          where not exists (select 1 from timesheets t where t.site_id = te.site_id and t.week_start = w.week_start)`),
      ).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('shares sessions: a token from one process works on the other, and logout ends it on both', async () => {
    const login = await call(0, '/login', { method: 'POST', body: JSON.stringify(admin) });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    // Both processes have now checked (and cached) the session…
    expect((await call(0, '/users/me', { headers: auth })).status).toBe(200);
    expect((await call(1, '/users/me', { headers: auth })).status).toBe(200);
    // …and a logout on one ends it on the other as soon as the invalidation arrives (milliseconds).
    expect((await call(1, '/logout', { headers: auth })).status).toBe(204);
    expect((await call(1, '/users/me', { headers: auth })).status).toBe(401);
    await expect
      .poll(async () => (await call(0, '/users/me', { headers: auth })).status, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(401);
  });

  it(`carries a new message to an admin's socket on the other process (${withRedis ? 'Redis' : 'PostgreSQL'} adapter)`, async () => {
    const login = await call(0, '/login', { method: 'POST', body: JSON.stringify(admin) });
    const { token } = (await login.json()) as { token: string };
    const socket = io(`http://127.0.0.1:${servers[0]!.port}`, { auth: { token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const from = `+1514555${String(Math.floor(Math.random() * 9000) + 1000)}`;
      const received = new Promise<{ message: { body: string; phone: string } }>((resolve) =>
        socket.on('new_message', (payload) => {
          if (payload.message.phone === from) resolve(payload);
        }),
      );
      // The SMS arrives at the other process, as Twilio (or `npm run sms:receive`) posts it.
      const key = webhookSigningKey({ SMS_DRIVER: 'outbox' }, jwtSecret)!;
      const params = { MessageSid: `SM${Date.now()}`, From: from, Body: 'Bien reçu' };
      const response = await fetch(`http://127.0.0.1:${servers[1]!.port}/api/webhooks/twilio/sms`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(key, 'http://localhost:3000/api/webhooks/twilio/sms', params),
        },
        body: new URLSearchParams(params),
      });
      expect(response.status).toBe(204);
      expect((await received).message).toMatchObject({ body: 'Bien reçu', phone: from });
    } finally {
      socket.close();
    }
  });

  it.runIf(withRedis)('counts rate limits across processes through Redis', async () => {
    // Redis outlives this run: a new address each time keeps earlier runs' counts out.
    const clientAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await call(i % 2, '/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': clientAddress },
        body: JSON.stringify({ email: admin.email, password: 'wrong password' }),
      });
      statuses.push(response.status);
    }
    // 6 allowed in all, whichever process answered, then 429.
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
}

describe.skipIf(!databaseUrl || !redisUrl)('several server processes on PostgreSQL and Redis', () => {
  multiProcessSuite(true);
});

// Without Redis, session invalidations travel through PostgreSQL LISTEN/NOTIFY.
describe.skipIf(!databaseUrl)('several server processes on PostgreSQL alone', () => {
  multiProcessSuite(false);
});
