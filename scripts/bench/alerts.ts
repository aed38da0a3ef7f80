/**
 * The alerts' budget (issue 10): `GET /api/alerts/notifications` (the menu badge, fetched on every
 * navigation of every admin) p95 < 20 ms at 10,000 employees and 2,000 active orders; the list and
 * the dashboards at the same scale are printed beside it (no budget).
 *
 * `npm run bench` runs it on its 10,000-employee database after `fill-orders.ts`. On its own (a
 * fresh database: seed:large without SMS, then 2,000 orders; a few minutes):
 *   node scripts/bench/alerts.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOnFreshOrdersDatabase } from './standalone.ts';

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

/** The verdict line of a budget on the p95 of `timing`'s requests. */
export const formatBudget = (what: string, timing: Timing, budgetMs: number) =>
  `${what}, ${timing.count} requests: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms (budget p95 < ${budgetMs} ms: ${timing.p95 < budgetMs ? 'ok' : 'MISSED'})`;

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
  await benchOnFreshOrdersDatabase('bench-alerts', async (api, auth) => {
    const { badge } = await benchAlerts(api, auth);
    console.log(formatBudget('GET /api/alerts/notifications', badge, alertsBudgetMs));
  });
}
