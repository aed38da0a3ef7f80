/**
 * `npm run bench`: measures the budgets of the issues and prints them. Never run by `npm test`.
 *  - warm start to ready (< 3 s): second start of the server on an existing embedded database;
 *  - authenticated trivial GET (≥ 5,000 requests/s at 50 connections): GET /api/users/me, and its
 *    cost against a bare Fastify hello in its own process, measured in the same run (≥ 0.5×);
 *  - JavaScript the login route loads (≤ 170 KB gzipped), measured in Chromium;
 *  - Lighthouse (mobile) on the login page and the employees list: performance ≥ 95,
 *    accessibility 100;
 *  - the worker's phone (issue 25): Lighthouse (mobile) on /time-logger signed in as the demo
 *    employee (performance ≥ 95, accessibility 100), installable (Chrome's own check), and a repeat
 *    visit with the service worker painting in < 1 s on slow 4G;
 *  - employees list/search API at 10,000 employees (p95 < 50 ms; sorts, deep pages, searches,
 *    skill filter), the skills list by holders and a skill's detail (p95 < 50 ms), and the
 *    employees list page interactive after navigation (< 1 s), on a fresh DATA_DIR filled by
 *    `npm run seed:large`;
 *  - issue 10 (orders, matching, overview, alerts) on that database and, when a PostgreSQL answers
 *    (BENCH_POSTGRES_URL, by default the local service), on PostgreSQL too (scripts/bench/postgres.ts);
 *  - issue 28 (reports): a month of 2,000 employees' hours as XLSX and PDF, the parking photos ZIP,
 *    the reports screen's previews, on a database of their own (scripts/bench/reports.ts).
 *
 * BENCH_ONLY=platform runs the lines up to the worker's phone; BENCH_ONLY=reports only the reports;
 * BENCH_ONLY=lighthouse only the Lighthouse lines (and the installed app's), to iterate on a page's
 * score; LIGHTHOUSE_PAGES=logger (words of the pages' names, comma-separated; `installed` for the
 * installed app's lines) only those, BENCH_DATA_DIR=… on the database of an earlier server (no new
 * one made and migrated each time).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { submitLogin } from '../e2e/login-form.ts';
import { type RunningServer, startServer, webDist } from '../e2e/server.ts';
import { alertsBudgetMs, benchAlerts } from './bench/alerts.ts';
import { availableEmployeesBudgetMs, benchAvailableEmployees } from './bench/available-employees.ts';
import type { HoursFixture } from './bench/fill-entries.ts';
import { benchHours, hoursLines } from './bench/hours.ts';
import { installedApp, lighthousePages } from './bench/lighthouse.ts';
import { batchToQueue, inboundToSocket } from './bench/messages.ts';
import { benchOnPostgres, defaultPostgresUrl, postgresAnswers } from './bench/postgres.ts';
import { benchReportsOnItsDatabase } from './bench/reports.ts';
import { formatLoad, type LoadResult, load, startHello } from './bench/request-cost.ts';
import { benchWeeklyTimesheets, weeklyTimesheetsBudgetMs } from './bench/weekly-timesheets.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'brigade-bench-'));
const password = 'bench-password-1';
const results: { name: string; value: string; budget: string; ok: boolean }[] = [];
const lighthouseOnly = process.env.BENCH_ONLY === 'lighthouse';

/**
 * Starts the server (e2e/server.ts: embedded database, demo company) on `dir`, which is kept, and
 * times it from the call until GET /api/ready answers.
 */
async function timedStart(dir: string): Promise<{ server: RunningServer; readyMs: number }> {
  const started = performance.now();
  const server = await startServer(
    'bench',
    // Warnings only: a log line per request would slow the load test down.
    { DEMO_PASSWORD: password, LOG_LEVEL: 'warn', OUTBOX_POLL_MS: '1000' },
    { dataDir: dir },
  );
  return { server, readyMs: performance.now() - started };
}

// Issue 28's reports on their own database, alone (BENCH_ONLY=reports: a few minutes).
if (process.env.BENCH_ONLY === 'reports') {
  const lines = await benchReportsOnItsDatabase(process.env.BENCH_REPORTS_DIR || undefined);
  console.log(
    `\nbudget results (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs):`,
  );
  for (const r of lines)
    console.log(`  ${r.ok ? 'OK  ' : 'OVER'} ${r.name}: ${r.value} (budget ${r.budget})`);
  process.exit(0);
}

if (!existsSync(path.join(webDist(), 'index.html'))) {
  spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

let server: RunningServer | undefined;
if (lighthouseOnly) {
  // One start, on BENCH_DATA_DIR when given (a database made by an earlier run: no migrations).
  server = (await timedStart(process.env.BENCH_DATA_DIR || dataDir)).server;
} else {
  // Cold start creates and migrates the database; the budget is for a warm start.
  const cold = await timedStart(dataDir);
  console.log(`cold start (new database, migrations, demo seed): ${Math.round(cold.readyMs)} ms`);
  await cold.server.stop();
  const warmRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    const warm = await timedStart(dataDir);
    warmRuns.push(warm.readyMs);
    if (i < 2) await warm.server.stop();
    else server = warm.server;
  }
  const warmMs = Math.min(...warmRuns);
  results.push({
    name: 'warm start to ready',
    value: `${Math.round(warmMs)} ms (runs: ${warmRuns.map(Math.round).join(', ')})`,
    budget: '< 3000 ms',
    ok: warmMs < 3000,
  });
}
if (!server) throw new Error('no server');
const origin = server.baseURL;

const login = await fetch(`${origin}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@demo.brigade.test', password }),
});
const session = (await login.json()) as { token: string; user: unknown };
const { token } = session;

if (!lighthouseOnly) {
  // Authenticated trivial GET, and what a request costs beside a bare Fastify hello (each server in
  // its own process, one after the other, in this run: the ratio holds whatever the machine does).
  // Three rounds, each the hello then the read, 5 s apiece: a neighbour's burst on the machine lands
  // in one round, not in the whole ratio (single 10-second runs gave 0.44× and 0.65× an hour apart).
  const hello = await startHello();
  const rounds: { hello: LoadResult; me: LoadResult }[] = [];
  for (let round = 0; round < 3; round++) {
    rounds.push({
      hello: load('bare Fastify hello', hello.url, hello.pid, [], 5),
      me: load(
        'GET /api/users/me',
        `${origin}/api/users/me`,
        server.pid,
        [`authorization=Bearer ${token}`],
        5,
      ),
    });
  }
  hello.stop();
  const healthLoad = load('GET /api/health', `${origin}/api/health`, server.pid);
  const byRatio = rounds
    .map((round) => ({ ...round, ratio: round.me.requestsPerSecond / round.hello.requestsPerSecond }))
    .sort((a, b) => a.ratio - b.ratio);
  const median = byRatio[1]!;
  const { hello: helloLoad, me: meLoad } = median;
  for (const run of [helloLoad, healthLoad, meLoad])
    console.log(`  ${run.name.padEnd(20)} ${formatLoad(run)}`);
  results.push({
    name: 'GET /api/users/me, 50 connections, 5 s',
    value: formatLoad(meLoad),
    budget: '≥ 5000 req/s',
    ok: meLoad.requestsPerSecond >= 5000 && meLoad.non2xx === 0 && meLoad.errors === 0,
  });
  results.push({
    name: 'GET /api/users/me against a bare Fastify hello (LOG_LEVEL=warn), median of 3 rounds',
    value: `${median.ratio.toFixed(2)}× (${Math.round(meLoad.requestsPerSecond)} vs ${Math.round(helloLoad.requestsPerSecond)} req/s; rounds ${byRatio.map((round) => round.ratio.toFixed(2)).join(', ')}; /api/health ${(healthLoad.requestsPerSecond / helloLoad.requestsPerSecond).toFixed(2)}×)`,
    budget: '≥ 0.50×',
    ok: median.ratio >= 0.5,
  });
  // The same read with the default LOG_LEVEL=info (one log line per request): printed, no budget.
  {
    const logged = await startServer('bench-info', { DEMO_PASSWORD: password, LOG_LEVEL: 'info' });
    const signIn = await fetch(`${logged.baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.brigade.test', password }),
    });
    const loggedToken = ((await signIn.json()) as { token: string }).token;
    const loggedLoad = load(
      'GET /api/users/me, LOG_LEVEL=info',
      `${logged.baseURL}/api/users/me`,
      logged.pid,
      [`authorization=Bearer ${loggedToken}`],
    );
    await logged.stop();
    console.log(
      `  ${loggedLoad.name}: ${formatLoad(loggedLoad)}; ${(loggedLoad.requestsPerSecond / helloLoad.requestsPerSecond).toFixed(2)}× the hello`,
    );
  }

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
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
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
}

// Lighthouse, mobile: the login page, the employees list signed in as the admin, and the time
// logger signed in as the demo worker (each session written into localStorage as the web app keeps
// it).
const workerLogin = await fetch(`${origin}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'employe@demo.brigade.test', password }),
});
if (!workerLogin.ok) throw new Error(`signing the demo worker in: HTTP ${workerLogin.status}`);
const workerSession = (await workerLogin.json()) as { token: string; user: unknown };
const workerStorage = {
  'brigade.token': workerSession.token,
  'brigade.user': JSON.stringify(workerSession.user),
};
const pageFilter = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const lighthouseScores = await lighthousePages(
  origin,
  [
    { name: 'login page', path: '/login' },
    {
      name: 'employees list',
      path: '/employees',
      storage: { 'brigade.token': token, 'brigade.user': JSON.stringify(session.user) },
    },
    { name: 'time logger (worker)', path: '/time-logger', storage: workerStorage },
  ].filter((page) => !pageFilter || pageFilter.some((word) => page.name.includes(word))),
);
for (const score of lighthouseScores) {
  results.push({
    name: `Lighthouse mobile, ${score.name} (median of 3; ${score.metrics})`,
    value: `performance ${score.performance}, accessibility ${score.accessibility}${score.failedAccessibilityAudits.length ? ` (failed: ${score.failedAccessibilityAudits.join(', ')})` : ''}`,
    budget: 'performance ≥ 95, accessibility 100',
    ok: score.performance >= 95 && score.accessibility === 100,
  });
}

// The time logger as an installed app on the worker's phone: installable, and a repeat visit.
if (!pageFilter || pageFilter.includes('installed')) {
  const installed = await installedApp(origin, { path: '/time-logger', storage: workerStorage });
  results.push({
    name: 'time logger installable (Chrome: Page.getInstallabilityErrors)',
    value: installed.installabilityErrors.length ? installed.installabilityErrors.join(', ') : 'installable',
    budget: 'installable',
    ok: installed.installabilityErrors.length === 0,
  });
  results.push({
    name: 'time logger, repeat visit with the service worker (Lighthouse, slow 4G and 4× CPU applied)',
    value: `first paint ${installed.repeatFcpMs} ms, largest paint ${installed.repeatLcpMs} ms`,
    budget: 'paints in < 1000 ms',
    ok: installed.repeatFcpMs < 1000,
  });
}

await server.stop();

// Employees at the agency's scale: a fresh database filled to 10,000 employees by seed:large.
// BENCH_ONLY=platform skips it (it takes a few minutes).
if (process.env.BENCH_ONLY !== 'platform' && !lighthouseOnly) {
  const largeDir = mkdtempSync(path.join(tmpdir(), 'brigade-bench-large-'));
  const seedStarted = performance.now();
  const seeded = spawnSync(process.execPath, [path.join(root, 'scripts/seed-large.ts')], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
      DATA_DIR: largeDir,
      // SMS conversations at the agency's scale (issue 8's budgets).
      MESSAGES: '1000000',
    },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed:large failed: ${seeded.stderr}`);
  const seedMs = performance.now() - seedStarted;
  console.log(`seed:large: ${seeded.stdout.trim()}`);
  results.push({
    name: 'seed:large to 10,000 employees and 1,000,000 SMS (fresh database)',
    value: `${(seedMs / 1000).toFixed(1)} s`,
    budget: '< 120 s',
    ok: seedMs < 120_000,
  });

  // 2,000 active orders with their workers (issue 10's alerts budget), on the demo company's sites.
  const filled = spawnSync(process.execPath, [path.join(root, 'scripts/bench/fill-orders.ts')], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
      DATA_DIR: largeDir,
      DEMO_PASSWORD: password,
    },
    encoding: 'utf8',
  });
  if (filled.status !== 0) throw new Error(`fill-orders failed: ${filled.stderr}`);
  console.log(`fill-orders: ${filled.stdout.trim()}`);
  // A year of hours of 2,000 of them (issue 11's budgets).
  const hoursFilled = spawnSync(process.execPath, [path.join(root, 'scripts/bench/fill-entries.ts')], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
      DATA_DIR: largeDir,
    },
    encoding: 'utf8',
  });
  if (hoursFilled.status !== 0) throw new Error(`fill-entries failed: ${hoursFilled.stderr}`);
  console.log(`fill-entries: ${hoursFilled.stdout.trim()}`);

  const { server: large } = await timedStart(largeDir);
  const api = `${large.baseURL}/api`;
  const signIn = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.brigade.test', password }),
  });
  const largeToken = ((await signIn.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${largeToken}` };
  const skillPage = (await (
    await fetch(`${api}/skills?active=true&pageSize=200`, { headers: auth })
  ).json()) as {
    items: { id: string }[];
  };
  const skillId = skillPage.items[0]?.id;
  // [what, path under /api]: the employees list as the office uses it, deep pages included.
  const employeeKinds: [string, string][] = [
    ['first page', '/employees'],
    ['sorted by city, page 3', '/employees?sort=city&page=3'],
    ['sorted by warranty desc', '/employees?sort=warrantyUntil&order=desc'],
    ['sorted by number, page 40', '/employees?sort=employeeNumber&page=40'],
    ['sorted by status, page 100', '/employees?sort=status&page=100'],
    ['sorted by status desc', '/employees?sort=status&order=desc'],
    ["search 'trem'", '/employees?q=trem'],
    ["search 'hélène'", `/employees?q=${encodeURIComponent('hélène')}`],
    ['skill filter', skillId ? `/employees?skillId=${skillId}` : '/employees?status=disponible'],
    ['skill filter + search', skillId ? `/employees?skillId=${skillId}&q=ga` : '/employees?q=ga'],
  ];
  // The skills screens at the same scale: holders are counted for every skill of the page.
  const skillKinds: [string, string][] = [
    ['skills by holders', '/skills?sort=holderCount&order=desc'],
    ['skill detail', skillId ? `/skills/${skillId}` : '/skills'],
  ];
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  // CPU time the server spends (Linux /proc, in clock ticks of 10 ms): unlike wall-clock latency,
  // it does not grow when other processes compete for the machine.
  const serverCpuTicks = () => {
    try {
      const fields = readFileSync(`/proc/${large.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  };
  /** Requests the kinds in turn, `rounds` times each (after one warm-up each); prints each kind's p50/p95. */
  async function measure(kinds: [string, string][], rounds: number) {
    for (const [, path] of kinds) await fetch(`${api}${path}`, { headers: auth });
    const timings = new Map<string, number[]>();
    let total = 0;
    const cpuBefore = serverCpuTicks();
    for (let i = 0; i < kinds.length * rounds; i++) {
      const [kind, path] = kinds[i % kinds.length]!;
      const started = performance.now();
      const response = await fetch(`${api}${path}`, { headers: auth });
      const body = (await response.json()) as { total?: number };
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`GET /api${path}: ${response.status}`);
      if (kind === 'first page') total = body.total ?? 0;
      timings.set(kind, [...(timings.get(kind) ?? []), ms]);
    }
    const cpuMsPerRequest = ((serverCpuTicks() - cpuBefore) * 10) / (kinds.length * rounds);
    for (const [kind, values] of timings) {
      const sorted = values.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(28)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms`,
      );
    }
    const all = [...timings.values()].flat().sort((a, b) => a - b);
    return { all, total, cpuMsPerRequest };
  }

  const employeesRun = await measure(employeeKinds, 20);
  const p95 = percentile(employeesRun.all, 95);
  results.push({
    name: `employees list/search API at ${employeesRun.total} active of 10,000 employees, ${employeesRun.all.length} mixed requests`,
    value: `p50 ${percentile(employeesRun.all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (server CPU ${employeesRun.cpuMsPerRequest.toFixed(1)} ms per request; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs)`,
    budget: 'p95 < 50 ms',
    ok: p95 < 50,
  });
  // SMS at 1,000,000 messages: the inbox, a thread, the badges' counts.
  const conversationPage = (await (
    await fetch(`${api}/conversations?type=General&sort=recent&pageSize=5`, { headers: auth })
  ).json()) as { items: { id: string }[] };
  const threadIds = conversationPage.items.map((item) => item.id);
  const conversationKinds: [string, string][] = [
    ['General, unread first', '/conversations?type=General'],
    ['General, newest, page 20', '/conversations?type=General&sort=recent&page=20'],
    ['Assignation, unread first', '/conversations?type=Assignation'],
    ["search 'trem'", '/conversations?type=General&q=trem'],
    ["search '514 555'", `/conversations?type=General&q=${encodeURIComponent('514 555')}`],
  ];
  const threadKinds: [string, string][] = threadIds.flatMap((id, index): [string, string][] => [
    [`thread ${index}, newest 50`, `/conversations/${id}?limit=50`],
    [`thread ${index}, older 50`, `/conversations/${id}?limit=50&offset=50`],
  ]);
  const unseenKinds: [string, string][] = [
    ['unseen, every type', '/messages/unseen'],
    ['unseen, General', '/messages/unseen?type=General'],
  ];
  for (const [label, kinds, budgetMs] of [
    ['conversation list', conversationKinds, 50],
    ['thread page', threadKinds, 30],
    ['unseen counts', unseenKinds, 10],
  ] as const) {
    // At least 100 requests a budget, so that its p95 is not two unlucky answers.
    const run = await measure(kinds, Math.max(20, Math.ceil(100 / kinds.length)));
    const runP95 = percentile(run.all, 95);
    results.push({
      name: `SMS ${label} at 1,000,000 messages, ${run.all.length} requests`,
      value: `p50 ${percentile(run.all, 50).toFixed(1)} ms, p95 ${runP95.toFixed(1)} ms (server CPU ${run.cpuMsPerRequest.toFixed(1)} ms per request)`,
      budget: `p95 < ${budgetMs} ms`,
      ok: runP95 < budgetMs,
    });
  }
  const target = { baseURL: large.baseURL, dataDir: largeDir, auth, token: largeToken };
  const inbound = await inboundToSocket(target, 30);
  const inboundP95 = percentile(inbound, 95);
  results.push({
    name: "inbound SMS webhook to the event in an admin's socket, 30 SMS",
    value: `p50 ${percentile(inbound, 50).toFixed(0)} ms, p95 ${inboundP95.toFixed(0)} ms`,
    budget: 'p95 < 300 ms',
    ok: inboundP95 < 300,
  });
  const batch = await batchToQueue(target, 500);
  results.push({
    name: `a ${batch.queued}-recipient SMS composed and queued (POST /send/sms)`,
    value: `${Math.round(batch.ms)} ms`,
    budget: '< 2 s',
    ok: batch.ms < 2000 && batch.queued === 500,
  });

  const skillsRun = await measure(skillKinds, 20);
  const skillsP95 = percentile(skillsRun.all, 95);
  results.push({
    name: `skills list by holders and skill detail at 10,000 employees, ${skillsRun.all.length} requests`,
    value: `p50 ${percentile(skillsRun.all, 50).toFixed(1)} ms, p95 ${skillsP95.toFixed(1)} ms (server CPU ${skillsRun.cpuMsPerRequest.toFixed(1)} ms per request)`,
    budget: 'p95 < 50 ms',
    ok: skillsP95 < 50,
  });

  // Absences at the same scale (86,000 over a year and a half, seed:large): the list as the office
  // uses it, and the availability rule over everyone for a month (what matching will read).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const inDays = (days: number) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
  const absenceKinds: [string, string][] = [
    ['today first', '/absences'],
    ['today first, page 5', '/absences?page=5'],
    ['days away only', '/absences?type=away'],
    ['sick, by start desc', '/absences?type=sick&sort=startsOn&order=desc'],
    ['by employee', '/absences?sort=employee'],
    ["search 'trem'", '/absences?q=trem'],
    ['this week', `/absences?from=${today}&to=${inDays(6)}`],
    ['blacklists', '/absences?type=blacklist'],
  ];
  const absencesRun = await measure(absenceKinds, 15);
  const absencesP95 = percentile(absencesRun.all, 95);
  results.push({
    name: `absences list at 86,000 absences, ${absencesRun.all.length} mixed requests`,
    value: `p50 ${percentile(absencesRun.all, 50).toFixed(1)} ms, p95 ${absencesP95.toFixed(1)} ms (server CPU ${absencesRun.cpuMsPerRequest.toFixed(1)} ms per request)`,
    budget: 'p95 < 50 ms',
    ok: absencesP95 < 50,
  });
  const availabilityRun = await measure(
    [
      ['next 30 days', `/availability?from=${today}&to=${inDays(29)}`],
      ['last 30 days', `/availability?from=${inDays(-30)}&to=${inDays(-1)}`],
    ],
    25,
  );
  const availabilityP95 = percentile(availabilityRun.all, 95);
  results.push({
    name: `availability of 10,000 employees over 30 days, ${availabilityRun.all.length} requests`,
    value: `p50 ${percentile(availabilityRun.all, 50).toFixed(1)} ms, p95 ${availabilityP95.toFixed(1)} ms (server CPU ${availabilityRun.cpuMsPerRequest.toFixed(1)} ms per request)`,
    budget: 'p95 < 100 ms',
    ok: availabilityP95 < 100,
  });

  // Ranking every employee for one order (issue 10's budget: p95 < 200 ms at 10,000 employees).
  const openOrders = (await (
    await fetch(`${api}/orders?from=${today}&pageSize=5`, { headers: auth })
  ).json()) as { items: { id: string }[] };
  if (openOrders.items.length) {
    const rankingRun = await measure(
      openOrders.items.map((order, index): [string, string] => [
        `order ${index}`,
        `/orders/${order.id}/candidates`,
      ]),
      Math.ceil(100 / openOrders.items.length),
    );
    const rankingP95 = percentile(rankingRun.all, 95);
    results.push({
      name: `candidates ranked for one order at 10,000 employees, ${rankingRun.all.length} requests`,
      value: `p50 ${percentile(rankingRun.all, 50).toFixed(1)} ms, p95 ${rankingP95.toFixed(1)} ms (server CPU ${rankingRun.cpuMsPerRequest.toFixed(1)} ms per request)`,
      budget: 'p95 < 200 ms',
      ok: rankingP95 < 200,
    });
  }

  // The overview wall (issue 10: API p95 < 100 ms with 2,000 active orders), over the days it shows.
  const overviewRun = await measure(
    [
      ['5 days from today', '/overview'],
      ['14 days from today', '/overview?days=14'],
      ['next week', `/overview?from=${inDays(7)}`],
    ],
    20,
  );
  const overviewP95 = percentile(overviewRun.all, 95);
  results.push({
    name: `overview API (GET /overview) at 10,000 employees and 2,000 active orders, ${overviewRun.all.length} requests`,
    value: `p50 ${percentile(overviewRun.all, 50).toFixed(1)} ms, p95 ${overviewP95.toFixed(1)} ms (server CPU ${overviewRun.cpuMsPerRequest.toFixed(1)} ms per request)`,
    budget: 'p95 < 100 ms',
    ok: overviewP95 < 100,
  });

  // The alerts badge on every navigation (issue 10: p95 < 20 ms at 10,000 employees and 2,000
  // active orders), and the alerts list and dashboards beside it.
  const alertsRun = await benchAlerts(api, auth);
  results.push({
    name: `alerts count (GET /alerts/notifications) at 10,000 employees and 2,000 active orders, ${alertsRun.badge.count} requests`,
    value: `p50 ${alertsRun.badge.p50.toFixed(1)} ms, p95 ${alertsRun.badge.p95.toFixed(1)} ms`,
    budget: `p95 < ${alertsBudgetMs} ms`,
    ok: alertsRun.badge.p95 < alertsBudgetMs,
  });

  // Who is free on a day, a page at a time (issue 10's available-employees dashboard).
  const availableRun = await benchAvailableEmployees(api, auth);
  results.push({
    name: `available employees (GET /dashboards/available-employees) at 10,000 employees and 2,000 active orders, ${availableRun.pages.count} requests`,
    value: `p50 ${availableRun.pages.p50.toFixed(1)} ms, p95 ${availableRun.pages.p95.toFixed(1)} ms; open orders of the day p95 ${availableRun.orders.p95.toFixed(1)} ms`,
    budget: `p95 < ${availableEmployeesBudgetMs} ms`,
    ok: availableRun.pages.p95 < availableEmployeesBudgetMs,
  });

  // Hours (issue 11): writes at 500 a second, a 50-worker site's timesheet and its PDF, hour alerts.
  const hoursRun = await benchHours(
    api,
    auth,
    JSON.parse(readFileSync(path.join(largeDir, 'bench-hours.json'), 'utf8')) as HoursFixture,
  );
  results.push(...hoursLines(hoursRun));

  // The list page in Chromium: from the click on the menu item to the first row on screen. A
  // failure there (a changed sign-in page…) is reported as such, after the numbers above.
  const overviewLoads: number[] = [];
  const listPageRuns = async () => {
    const { chromium: chromiumLarge } = await import('playwright-core');
    const largeBrowser = await chromiumLarge.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const listPage = await largeBrowser.newPage({
        viewport: { width: 1280, height: 800 },
        locale: 'fr-CA',
      });
      const largeOrigin = large.baseURL;
      await listPage.goto(`${largeOrigin}/login`);
      await submitLogin(listPage, 'admin@demo.brigade.test', password);
      await listPage.waitForURL('**/overview');
      // The overview page, the admins' home (issue 10: interactive < 1 s): from navigation start
      // to its grid on screen, the page loaded afresh (the browser cache warm, as on a wall TV).
      for (let i = 0; i < 5; i++) {
        await listPage.goto(`${largeOrigin}/overview`);
        await listPage.getByTestId('overview-grid').waitFor({ state: 'visible' });
        overviewLoads.push(await listPage.evaluate(() => performance.now()));
      }
      // From the click on the menu item (the shell on screen) to the first row on screen, timed inside
      // the page (click event → row inserted) and, as Playwright sees it, with its own overhead.
      const menuLink = listPage.getByRole('link', { name: 'Employés', exact: true });
      const runs: { inPage: number; observed: number }[] = [];
      for (let i = 0; i < 5; i++) {
        if (i > 0) {
          await listPage.goto(`${largeOrigin}/overview`);
          await listPage.getByRole('heading', { level: 1 }).waitFor();
        }
        await menuLink.waitFor();
        await listPage.evaluate(() => {
          const w = window as unknown as { benchClick?: number; benchRows?: number };
          w.benchClick = undefined;
          w.benchRows = undefined;
          document.addEventListener('click', () => (w.benchClick = performance.now()), {
            capture: true,
            once: true,
          });
          const observer = new MutationObserver(() => {
            if (document.querySelector('tbody tr[data-href]')) {
              w.benchRows = performance.now();
              observer.disconnect();
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
        const started = performance.now();
        await menuLink.click();
        await listPage.locator('tbody tr[data-href]').first().waitFor({ state: 'visible' });
        const observed = performance.now() - started;
        const inPage = await listPage.evaluate(() => {
          const w = window as unknown as { benchClick: number; benchRows: number };
          return w.benchRows - w.benchClick;
        });
        runs.push({ inPage, observed });
      }
      return runs;
    } finally {
      await largeBrowser.close();
    }
  };
  const runs = await listPageRuns().catch((error: Error) => {
    results.push({
      name: 'employees list page: click on "Employés" to rows on screen (10,000 employees)',
      value: `not measured: ${error.message.split('\n')[0]}`,
      budget: '< 1000 ms',
      ok: false,
    });
    return null;
  });
  await large.stop();
  if (runs) {
    const worst = Math.max(...runs.map((run) => run.observed));
    results.push({
      name: 'employees list page: click on "Employés" to rows on screen (10,000 employees)',
      value: `worst ${Math.round(worst)} ms as Playwright sees it; in the page ${runs.map((run) => Math.round(run.inPage)).join(', ')} ms (first visit first)`,
      budget: '< 1000 ms',
      ok: worst < 1000,
    });
  }
  if (overviewLoads.length) {
    const worstOverview = Math.max(...overviewLoads);
    results.push({
      name: 'overview page: navigation start to its grid on screen (2,000 active orders)',
      value: `worst ${Math.round(worstOverview)} ms; ${overviewLoads.map((ms) => Math.round(ms)).join(', ')} ms`,
      budget: '< 1000 ms',
      ok: worstOverview < 1000,
    });
  }
}

// Issue 10's reads on PostgreSQL too, when one answers (the same data in a database of its own).
if (process.env.BENCH_ONLY !== 'platform' && !lighthouseOnly) {
  const url = process.env.BENCH_POSTGRES_URL || defaultPostgresUrl;
  if (await postgresAnswers(url)) {
    results.push(...(await benchOnPostgres(url)));
    // Issue 26: the Sunday job (the week's timesheets of 2,000 employees on 400 sites).
    const weekly = await benchWeeklyTimesheets(url);
    results.push({
      name: `Sunday job, ${weekly.made} timesheets (2,000 employees, 400 sites), PostgreSQL`,
      value: `${(weekly.makeMs / 1000).toFixed(1)} s`,
      budget: '< 30 s',
      ok: weekly.makeMs < weeklyTimesheetsBudgetMs,
    });
  } else console.log(`\nNo PostgreSQL answers at ${url}: the PostgreSQL lines are left out.`);
}

if (process.env.BENCH_ONLY !== 'platform' && !lighthouseOnly) {
  results.push(...(await benchReportsOnItsDatabase(process.env.BENCH_REPORTS_DIR || undefined)));
}

console.log(`\nbudget results (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs):`);
for (const r of results)
  console.log(`  ${r.ok ? 'OK  ' : 'OVER'} ${r.name}: ${r.value} (budget ${r.budget})`);
