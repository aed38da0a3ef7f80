import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');

/** The process's exit code, once it has exited; rejects if it is still running after `ms`. */
function exitOf(child: ChildProcess, ms: number, what: string): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} still running after ${ms / 1000}s`)), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('the server process', () => {
  it('starts on an empty embedded database with the demo company, refuses a second process on it, and SIGTERM finishes in-flight work and exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'brigade-lifecycle-'));
    const env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: '',
      SEED: '',
      DEMO_PASSWORD: 'lifecycle-pw',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
    };
    const children: ChildProcess[] = [];
    // Whatever happens, no server outlives the test (kill is a no-op on one that has exited).
    onTestFinished(() => {
      for (const running of children) running.kill('SIGKILL');
    });
    const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      // A first start loads the demo company: seconds alone, tens of seconds beside the suite's
      // other workers on a 2-core machine. The limit tells a hung start from a slow one.
      const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk;
        const match = /ready on http:\/\/localhost:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    // A newcomer's first start prints the demo sign-ins.
    expect(output).toContain('admin@demo.brigade.test');

    // A second server on the same embedded database is refused, and leaves the first one alone.
    const second = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(second);
    const secondExit = exitOf(second, 30_000, 'the second server');
    let secondOutput = '';
    second.stdout.on('data', (chunk: Buffer) => (secondOutput += chunk));
    second.stderr.on('data', (chunk: Buffer) => (secondOutput += chunk));
    const secondCode = await secondExit;
    expect(secondCode).not.toBe(0);
    expect(secondOutput).toMatch(/open in another process \(pid \d+\)/);
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);

    const login = fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.brigade.test', password: 'lifecycle-pw' }),
    });
    // SIGTERM once the sign-in (a slow password check) has reached the server: it still gets its answer.
    await new Promise<void>((resolve) => {
      const check = () => (/"url":"\/api\/login"/.test(output) ? resolve() : setTimeout(check, 2));
      check();
    });
    child.kill('SIGTERM');
    const exited = exitOf(child, 30_000, 'the server after SIGTERM');
    expect((await login).status).toBe(200);
    const code = await exited;
    expect(code, output).toBe(0);
    expect(output).toContain('shutting down');
  }, 150_000);

  it('a first start stopped part-way (kill -9, then Ctrl-C) leaves nothing half-loaded: the next start loads the whole demo company and prints its sign-ins, though the pid file left behind names a live process that is no Brigade server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'brigade-interrupted-'));
    const pidFile = path.join(dataDir, 'pglite.pid');
    const env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: '',
      SEED: '',
      DEMO_PASSWORD: '',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
    };
    const children: ChildProcess[] = [];
    onTestFinished(() => {
      for (const running of children) running.kill('SIGKILL');
    });
    /** Starts a server; `until(pattern)` resolves once its output matches. */
    const start = () => {
      const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      const waiters: (() => void)[] = [];
      const run = {
        child,
        output: '',
        until: (pattern: RegExp) =>
          new Promise<RegExpExecArray>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${run.output}`)), 60_000);
            const check = () => {
              const match = pattern.exec(run.output);
              if (!match) return;
              clearTimeout(timer);
              resolve(match);
            };
            waiters.push(check);
            check();
          }),
      };
      const onData = (chunk: Buffer) => {
        run.output += chunk;
        for (const waiter of waiters) waiter();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      return run;
    };

    // kill -9 while the demo company is half loaded (its sign-ins, clients and some sites are written).
    const killed = start();
    await killed.until(/demo company: sites/);
    killed.child.kill('SIGKILL');
    await exitOf(killed.child, 10_000, 'the killed server');
    expect(killed.output).not.toContain('Demo sign-ins');

    // Its pid file stays; its number now belongs to a live process that is no Brigade server.
    const stranger = spawn('sleep', ['60']);
    children.push(stranger);
    writeFileSync(pidFile, readFileSync(pidFile, 'utf8').replace(/^\d+/, String(stranger.pid)));

    // Ctrl-C a little later in the load stops the start at once.
    const interrupted = start();
    await interrupted.until(/demo company: employees/);
    interrupted.child.kill('SIGINT');
    await exitOf(interrupted.child, 5000, 'the server after Ctrl-C');
    expect(interrupted.child.signalCode ?? interrupted.child.exitCode).toBe('SIGINT');
    expect(interrupted.output).toContain(
      'stale pid file replaced: its number now belongs to another process',
    );
    expect(interrupted.output).not.toContain('Demo sign-ins');
    expect(stranger.exitCode).toBeNull();

    // The next start loads the demo company whole and prints the sign-ins with their password.
    const whole = start();
    const [, port] = await whole.until(/ready on http:\/\/localhost:(\d+)/);
    const [, password] = /admin\s+admin@demo\.brigade\.test {2}(\S+)/.exec(whole.output) ?? [];
    expect(password, whole.output).toBeDefined();
    expect(password).not.toBe('(unchanged:');
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.brigade.test', password }),
    });
    expect(login.status).toBe(200);
    whole.child.kill('SIGTERM');
    expect(await exitOf(whole.child, 30_000, 'the server after SIGTERM')).toBe(0);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const { rows } = (await database.db.execute(sql`select
        (select count(*)::int from clients) as clients, (select count(*)::int from sites) as sites,
        (select count(*)::int from employees) as employees,
        (select count(*)::int from users where email like '%@demo.brigade.test') as sign_ins`)) as unknown as {
        rows: { clients: number; sites: number; employees: number; sign_ins: number }[];
      };
      expect(rows[0]).toEqual({ clients: 20, sites: 60, employees: 301, sign_ins: 3 });
    } finally {
      await database.close();
    }
  }, 180_000);
});
