/**
 * The alerts' budget (issue 10): `GET /api/alerts/notifications` (the menu badge, fetched on every
 * navigation of every admin) p95 < 20 ms at 10,000 employees and 2,000 active orders; the list and
 * the dashboards at the same scale are printed beside it (no budget).
 *
 * `npm run bench` runs it on its 10,000-employee database after `fill-orders.ts`. On its own (a
 * fresh database: seed:large without SMS, then 2,000 orders; a few minutes):
 *   node scripts/bench/alerts.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminAuth } from './session.ts';

export const alertsBudgetMs = 20;

/** [what, path under /api]: the badge over the usual windows. */
export const badgeRequests: [string, string][] = [
  ['badge, 7 days', '/alerts/notifications?days=7'],
  ['badge, 14 days', '/alerts/notifications?days=14'],
  ['badge, 30 days', '/alerts/notifications?days=30'],
];
/** The screens at the same scale (printed, no budget). */
export const screenRequests: [string, string][] = [
  ['alerts list, 7 days', '/alerts?days=7'],
  ['current clients, this week', '/dashboards/clients'],
  ['sites map, this week', '/dashboards/map'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface Timing {
  kind: string;
  p50: number;
  p95: number;
  count: number;
}

/**
 * Requests each kind `rounds` times in turn (after a warm-up each), one at a time; returns each
 * kind's p50/p95 and all of them together.
 */
export async function timeRequests(
  api: string,
  auth: Record<string, string>,
  kinds: [string, string][],
  rounds: number,
): Promise<{ kinds: Timing[]; all: Timing; answers: Map<string, unknown> }> {
  const answers = new Map<string, unknown>();
  for (const [kind, route] of kinds) {
    const response = await fetch(`${api}${route}`, { headers: auth });
    if (!response.ok) throw new Error(`GET /api${route}: ${response.status} ${await response.text()}`);
    answers.set(kind, await response.json());
  }
  const timings = new Map<string, number[]>(kinds.map(([kind]) => [kind, []]));
  for (let i = 0; i < kinds.length * rounds; i++) {
    const [kind, route] = kinds[i % kinds.length]!;
    const started = performance.now();
    const response = await fetch(`${api}${route}`, { headers: auth });
    await response.arrayBuffer();
    timings.get(kind)!.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET /api${route}: ${response.status}`);
  }
  const summary = (kind: string, values: number[]): Timing => {
    const sorted = [...values].sort((a, b) => a - b);
    return { kind, p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
  };
  return {
    kinds: [...timings].map(([kind, values]) => summary(kind, values)),
    all: summary('all', [...timings.values()].flat()),
    answers,
  };
}

export const formatTiming = (timing: Timing) =>
  `  ${timing.kind.padEnd(28)} p50 ${timing.p50.toFixed(1).padStart(6)} ms  p95 ${timing.p95.toFixed(1).padStart(6)} ms`;

/** The badge and the screens on a running server; prints each kind, returns the badge's p95. */
export async function benchAlerts(api: string, auth: Record<string, string>) {
  const badge = await timeRequests(api, auth, badgeRequests, 70);
  for (const timing of badge.kinds) console.log(formatTiming(timing));
  const counts = badgeRequests.map(
    ([kind]) => `${kind}: ${(badge.answers.get(kind) as { numberOfAlerts: number }).numberOfAlerts}`,
  );
  console.log(`  (${counts.join(', ')} alerts)`);
  const screens = await timeRequests(api, auth, screenRequests, 20);
  for (const timing of screens.kinds) console.log(formatTiming(timing));
  return { badge: badge.all, screens: screens.kinds };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '../..');
  const { startServer } = await import('../../e2e/server.ts');
  const password = 'bench-password-1';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brigade-bench-alerts-'));
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
    'bench-alerts',
    { DEMO_PASSWORD: password, LOG_LEVEL: 'warn' },
    { dataDir },
  );
  try {
    const api = `${server.baseURL}/api`;
    const { badge } = await benchAlerts(api, await adminAuth(api, password));
    console.log(
      `GET /api/alerts/notifications, ${badge.count} requests: p50 ${badge.p50.toFixed(1)} ms, p95 ${badge.p95.toFixed(1)} ms (budget p95 < ${alertsBudgetMs} ms: ${badge.p95 < alertsBudgetMs ? 'ok' : 'MISSED'})`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
