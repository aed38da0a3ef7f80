/**
 * `npm run bench`: measures the budgets of the issues and prints them. Never run by `npm test`.
 *  - warm start to ready (< 3 s): second start of the server on an existing embedded database;
 *  - authenticated trivial GET (≥ 5,000 requests/s at 50 connections): GET /api/users/me;
 *  - JavaScript the login route loads (≤ 170 KB gzipped), measured in Chromium.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'brigade-bench-'));
const password = 'bench-password-1';
const results: { name: string; value: string; budget: string; ok: boolean }[] = [];

function startServer(port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      DEMO_PASSWORD: password,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
        if (response.ok) return resolve({ child, readyMs: performance.now() - started });
      } catch {}
      if (child.exitCode !== null) return reject(new Error('server exited'));
      setTimeout(poll, 20);
    };
    poll();
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

const port = 3900 + Math.floor(Math.random() * 90);
// Cold start creates and migrates the database; the budget is for a warm start.
const cold = await startServer(port);
console.log(`cold start (new database, migrations, demo seed): ${Math.round(cold.readyMs)} ms`);
await stop(cold.child);
const warmRuns: number[] = [];
let server: ChildProcess | undefined;
for (let i = 0; i < 3; i++) {
  const warm = await startServer(port);
  warmRuns.push(warm.readyMs);
  if (i < 2) await stop(warm.child);
  else server = warm.child;
}
const warmMs = Math.min(...warmRuns);
results.push({
  name: 'warm start to ready',
  value: `${Math.round(warmMs)} ms (runs: ${warmRuns.map(Math.round).join(', ')})`,
  budget: '< 3000 ms',
  ok: warmMs < 3000,
});

// Authenticated trivial GET.
const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@demo.brigade.test', password }),
});
const { token } = (await login.json()) as { token: string };
const autocannon = spawnSync(
  path.join(root, 'node_modules/.bin/autocannon'),
  [
    '-c',
    '50',
    '-d',
    '10',
    '-j',
    '-H',
    `authorization=Bearer ${token}`,
    `http://127.0.0.1:${port}/api/users/me`,
  ],
  { encoding: 'utf8', maxBuffer: 10 * 1024 * 1024 },
);
const load = JSON.parse(autocannon.stdout);
const rps = load.requests.average as number;
const non2xx = load.non2xx as number;
results.push({
  name: 'GET /api/users/me, 50 connections, 10 s',
  value: `${Math.round(rps)} req/s (p99 ${load.latency.p99} ms, errors ${load.errors}, non-2xx ${non2xx})`,
  budget: '≥ 5000 req/s',
  ok: rps >= 5000 && non2xx === 0,
});

// JavaScript loaded by the login route, as the browser fetches it.
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage();
const scripts = new Map<string, number>();
page.on('response', async (response) => {
  if (response.request().resourceType() === 'script') {
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  }
});
await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
await browser.close();
const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
results.push({
  name: `login route JavaScript (${scripts.size} files)`,
  value: `${totalKb.toFixed(1)} KB gzipped`,
  budget: '≤ 170 KB',
  ok: totalKb <= 170,
});
for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1]))
  console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);

if (server) await stop(server);

console.log('\nbudget results:');
for (const r of results)
  console.log(`  ${r.ok ? 'OK  ' : 'OVER'} ${r.name}: ${r.value} (budget ${r.budget})`);
