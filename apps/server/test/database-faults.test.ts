import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgresDatabase } from './app.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');

/**
 * A TCP relay between the server and PostgreSQL that can stall: connections stay open, nothing is
 * forwarded either way (a network partition, a frozen fail-over), until it resumes.
 */
async function stallableRelay(target: { host: string; port: number }) {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((downstream) => {
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [
      [downstream, upstream],
      [upstream, downstream],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      if (stalled) from.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Starts a real server process and resolves with its port once it says it is ready. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; log: () => string }> {
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
        resolve({ child, port: Number(match[1]), log: () => output });
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

// A restart or fail-over of PostgreSQL must never take the app down: terminating its backends
// crashed the server every time (the socket.io adapter's LISTEN connection had no 'error'
// listener), and with writes running a transaction's connection did too. With the network to the
// database stalled, requests and /api/ready hung.
function faultSuite(withRedis: boolean) {
  let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>> | undefined;
  let relay: Awaited<ReturnType<typeof stallableRelay>> | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let exited: number | null | undefined;
  const admin = { email: 'faults@example.test', password: 'faults-admin-pw' };
  let auth: Record<string, string> = {};

  beforeAll(async () => {
    scratch = await scratchPostgresDatabase('brigade_faults');
    const target = new URL(databaseUrl!);
    relay = await stallableRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(scratch.url);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    server = await startServer({
      DATABASE_URL: viaRelay.toString(),
      ...(withRedis ? { REDIS_URL: redisUrl! } : {}),
      JWT_SECRET: 'database-faults-secret-database-faults',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED: 'none',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brigade-faults-')),
      WEB_DIST: '/nonexistent',
      // Short, so that a stalled request gives up within the test.
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '2000',
    });
    server.child.on('exit', (code) => {
      exited = code;
    });
    const login = await call('/login', { method: 'POST', body: JSON.stringify(admin) });
    auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  }, 60_000);

  afterAll(async () => {
    if (server && exited === undefined) {
      await new Promise<void>((resolve) => {
        server!.child.once('exit', () => resolve());
        server!.child.kill('SIGTERM');
      });
    }
    await relay?.close();
    await scratch?.drop();
  });

  const call = (route: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${server!.port}/api${route}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(15_000),
    });

  let created = 0;
  const writeClient = () => {
    created += 1;
    return call('/clients', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: `Client en panne ${process.pid}-${created}` }),
    });
  };

  /** Writes and reads without pause until `stop`: every answer's status and code. */
  function keepBusy(workers: number) {
    const answers: { status: number; code?: string }[] = [];
    let running = true;
    const loops = Array.from({ length: workers }, async (_, index) => {
      while (running) {
        const response = await (index % 2 === 0
          ? writeClient()
          : call('/clients?pageSize=5', { headers: auth }));
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        answers.push({ status: response.status, code: body.code });
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(loops);
        return answers;
      },
    };
  }

  async function terminateBackends() {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(scratch!.url).pathname.slice(1)],
      );
      return rows.length;
    } finally {
      await client.end();
    }
  }

  /** Serving again: ready, and a write goes through; says how long it took. */
  async function servesAgain() {
    const since = performance.now();
    await expect.poll(async () => (await call('/ready')).status, { timeout: 5000, interval: 50 }).toBe(200);
    expect((await writeClient()).status).toBe(201);
    return performance.now() - since;
  }

  it('terminating all its backends, five times while it writes, never stops it; it serves again at once', async () => {
    // An office screen, listening for new messages: its socket's adapter holds a LISTEN connection.
    const socket = io(`http://127.0.0.1:${server!.port}`, {
      auth: { token: auth.authorization!.slice('Bearer '.length) },
      transports: ['websocket'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const busy = keepBusy(6);
      let terminated = 0;
      for (let round = 0; round < 5; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        terminated += await terminateBackends();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answers = await busy.stop();
      expect(terminated).toBeGreaterThan(5);
      expect(exited, server!.log()).toBeUndefined();

      // Each request either went through or said the database was unavailable: never a 500.
      const unexpected = answers.filter(
        (answer) => ![200, 201].includes(answer.status) && answer.code !== 'DATABASE_UNAVAILABLE',
      );
      expect(unexpected).toEqual([]);
      expect(
        answers.filter((answer) => answer.status === 503).every((a) => a.code === 'DATABASE_UNAVAILABLE'),
      ).toBe(true);
      expect(answers.length).toBeGreaterThan(10);

      expect(await servesAgain()).toBeLessThan(3000);
      expect(exited).toBeUndefined();
    } finally {
      socket.close();
    }
  }, 60_000);

  it('with the network to PostgreSQL stalled, /api/ready answers 503 within 2 s, and all recovers after', async () => {
    relay!.stall();
    try {
      const since = performance.now();
      const ready = await call('/ready');
      expect(ready.status).toBe(503);
      expect(performance.now() - since).toBeLessThan(2000);

      // A write waits no longer than the timeouts, then says why.
      const write = await writeClient();
      expect(write.status).toBe(503);
      expect(((await write.json()) as { code: string }).code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      relay!.resume();
    }
    expect(await servesAgain()).toBeLessThan(3000);
    expect(exited).toBeUndefined();
  }, 60_000);
}

// Without Redis the socket.io adapter holds a LISTEN connection from the pool; with Redis only the
// app's own transactions do.
describe.skipIf(!databaseUrl)('the server process on PostgreSQL alone, when PostgreSQL goes away', () => {
  faultSuite(false);
});
describe.skipIf(!databaseUrl || !redisUrl)(
  'the server process on PostgreSQL and Redis, when PostgreSQL goes away',
  () => {
    faultSuite(true);
  },
);
