/**
 * Issue 10's reads and issue 11's hours on PostgreSQL as well as on the embedded database: the same
 * 10,000 employees, 2,000 active orders and a year of hours (seed:large without SMS, fill-orders.ts,
 * fill-entries.ts) in a fresh database of the PostgreSQL that BENCH_POSTGRES_URL names (default: the
 * local service, postgres@127.0.0.1:5432), which is dropped afterwards. `npm run bench` runs it when that server answers and says so when
 * it does not.
 *
 * On its own: node scripts/bench/postgres.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type RunningServer, startServer } from '../../e2e/server.ts';
import { alertsBudgetMs, badgeRequests, formatTiming, timeRequests } from './alerts.ts';
import type { HoursFixture } from './fill-entries.ts';
import { benchHours, hoursLines } from './hours.ts';
import { adminAuth } from './session.ts';

const root = path.resolve(import.meta.dirname, '../..');
const password = 'bench-password-1';

export interface BudgetLine {
  name: string;
  value: string;
  budget: string;
  ok: boolean;
}

/** The database URL of `admin` (a URL of the same server) with another database name. */
const withDatabase = (admin: string, name: string) => {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Whether a PostgreSQL answers at `url` (a second at most). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Fills a fresh database, starts a server on it, measures; the database is dropped at the end. */
export async function benchOnPostgres(adminUrl: string): Promise<BudgetLine[]> {
  const name = `brigade_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = withDatabase(adminUrl, name);
  let server: RunningServer | undefined;
  try {
    // fill-entries.ts leaves its fixture (bench-hours.json) in DATA_DIR.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'brigade-bench-postgres-'));
    const env = { ...process.env, DATABASE_URL: url, DEMO_PASSWORD: password, DATA_DIR: dataDir };
    for (const script of [
      'scripts/seed-large.ts',
      'scripts/bench/fill-orders.ts',
      'scripts/bench/fill-entries.ts',
    ]) {
      const run = spawnSync(process.execPath, [path.join(root, script)], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${script} on PostgreSQL failed: ${run.stderr}`);
      console.log(`${script} (PostgreSQL): ${run.stdout.trim()}`);
    }
    // Everything analysed and vacuumed now, so that autovacuum does not wake up on the fresh rows
    // in the middle of the measures.
    const filled = new pg.Client({ connectionString: url });
    await filled.connect();
    await filled.query('vacuum analyze');
    await filled.end();
    server = await startServer(
      'bench-postgres',
      { DATABASE_URL: url, DEMO_PASSWORD: password, LOG_LEVEL: 'warn' },
      {},
    );
    const api = `${server.baseURL}/api`;
    const auth = await adminAuth(api, password);
    const lines: BudgetLine[] = [];
    const report = (what: string, budgetMs: number, run: Awaited<ReturnType<typeof timeRequests>>) => {
      for (const timing of run.kinds) console.log(formatTiming(timing));
      lines.push({
        name: `${what} on PostgreSQL, ${run.all.count} requests`,
        value: `p50 ${run.all.p50.toFixed(1)} ms, p95 ${run.all.p95.toFixed(1)} ms`,
        budget: `p95 < ${budgetMs} ms`,
        ok: run.all.p95 < budgetMs,
      });
    };

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const nextWeek = new Date(Date.parse(today) + 7 * 86_400_000).toISOString().slice(0, 10);
    const open = (await (
      await fetch(`${api}/orders?from=${today}&pageSize=5`, { headers: auth })
    ).json()) as { items: { id: string }[] };
    const ranking: [string, string][] = open.items.map((order, index) => [
      `ranking, order ${index}`,
      `/orders/${order.id}/candidates`,
    ]);
    if (ranking.length)
      report('candidates ranked for one order', 200, await timeRequests(api, auth, ranking, 20));
    report(
      'overview API (5 and 14 days, next week)',
      100,
      await timeRequests(
        api,
        auth,
        [
          ['overview, 5 days', '/overview'],
          ['overview, 14 days', '/overview?days=14'],
          ['overview, next week', `/overview?from=${nextWeek}`],
        ],
        20,
      ),
    );
    report('alerts count (7, 14, 30 days)', alertsBudgetMs, await timeRequests(api, auth, badgeRequests, 40));
    // Issue 11's hours: PostgreSQL is where the agency's writes land.
    const fixture = JSON.parse(readFileSync(path.join(dataDir, 'bench-hours.json'), 'utf8')) as HoursFixture;
    lines.push(...hoursLines(await benchHours(api, auth, fixture), ' on PostgreSQL'));
    return lines;
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

export const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.BENCH_POSTGRES_URL || defaultPostgresUrl;
  if (!(await postgresAnswers(url))) {
    console.log(`No PostgreSQL answers at ${url}: nothing measured.`);
  } else {
    for (const line of await benchOnPostgres(url))
      console.log(`  ${line.ok ? 'OK  ' : 'OVER'} ${line.name}: ${line.value} (budget ${line.budget})`);
  }
}
