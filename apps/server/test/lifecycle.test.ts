import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

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
      const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 30_000);
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
  }, 60_000);
});
