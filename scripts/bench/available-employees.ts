/**
 * The available-employees dashboard (issue 10) at 10,000 employees and 2,000 active orders:
 * `GET /api/dashboards/available-employees` (a page of who is free on a day, with the filters the
 * office uses) p95 < 50 ms, the budget of the employees list; the open orders of the day beside it.
 *
 * `npm run bench` runs it on its 10,000-employee database after `fill-orders.ts`. On its own (a
 * fresh database: seed:large without SMS, then 2,000 orders; a few minutes):
 *   node scripts/bench/available-employees.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTiming, timeRequests } from './alerts.ts';
import { adminAuth } from './session.ts';

export const availableEmployeesBudgetMs = 50;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const inDays = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Prints each kind of request; returns all the page requests together and the day's numbers. */
export async function benchAvailableEmployees(api: string, auth: Record<string, string>) {
  const skills = (await (
    await fetch(`${api}/skills?active=true&pageSize=200`, { headers: auth })
  ).json()) as {
    items: { id: string }[];
  };
  const skillId = skills.items[0]?.id;
  const kinds: [string, string][] = [
    ['today, first page', '/dashboards/available-employees'],
    ['today, page 40', '/dashboards/available-employees?page=40'],
    ['today, 100 a page, page 20', '/dashboards/available-employees?pageSize=100&page=20'],
    ['tomorrow', `/dashboards/available-employees?date=${inDays(1)}`],
    ["search 'trem'", '/dashboards/available-employees?q=trem'],
    ['by skill', `/dashboards/available-employees${skillId ? `?skillId=${skillId}` : ''}`],
    [
      'by skill, next week',
      `/dashboards/available-employees?date=${inDays(7)}${skillId ? `&skillId=${skillId}` : ''}`,
    ],
    ['city Laval', '/dashboards/available-employees?city=laval'],
  ];
  const pages = await timeRequests(api, auth, kinds, 20);
  for (const timing of pages.kinds) console.log(formatTiming(timing));
  const orders = await timeRequests(
    api,
    auth,
    [['open orders of today', '/dashboards/available-employees/open-orders']],
    40,
  );
  for (const timing of orders.kinds) console.log(formatTiming(timing));
  const free = (pages.answers.get('today, first page') as { total: number }).total;
  const open = (orders.answers.get('open orders of today') as { items: unknown[] }).items.length;
  console.log(`  (${free} free today, ${open} open orders today)`);
  return { pages: pages.all, orders: orders.all, free, open };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '../..');
  const { startServer } = await import('../../e2e/server.ts');
  const password = 'bench-password-1';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brigade-bench-available-'));
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: password,
  };
  for (const script of ['scripts/seed-large.ts', 'scripts/bench/fill-orders.ts']) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [path.join(root, script)], { cwd: root, env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`);
    console.log(`${script}: ${run.stdout.trim()} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  const server = await startServer(
    'bench-available',
    { DEMO_PASSWORD: password, LOG_LEVEL: 'warn' },
    { dataDir },
  );
  try {
    const api = `${server.baseURL}/api`;
    const { pages } = await benchAvailableEmployees(api, await adminAuth(api, password));
    console.log(
      `GET /api/dashboards/available-employees, ${pages.count} requests: p50 ${pages.p50.toFixed(1)} ms, p95 ${pages.p95.toFixed(1)} ms (budget p95 < ${availableEmployeesBudgetMs} ms: ${pages.p95 < availableEmployeesBudgetMs ? 'ok' : 'MISSED'})`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
