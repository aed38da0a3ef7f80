/**
 * Issue 28's budgets (the reports), with 2,000 employees and a month of entries (≈ 44,000,
 * fill-reports.ts):
 *  - the employees hours summary of the month: XLSX < 3 s, PDF < 10 s, the server's memory
 *    growing < 150 MB while it streams;
 *  - the parking photos ZIP of 2,000 photos: first byte < 1 s, memory flat (when the registry
 *    lists `parking-photos-zip`; "skipped: not registered" otherwise);
 *  - the reports screen's preview < 500 ms (p95), for every registered report; the server's CPU
 *    time per preview is printed beside it (the wall time of a machine shared with other work
 *    measures that work too).
 * `BENCH_REPORTS_PARTS=previews` (or `documents`, `zip`, comma-separated) runs only those parts.
 * The server's memory is its resident set (VmRSS), read from outside in /proc/<pid>/status every
 * 10 ms while the document streams: growth is the highest sample less the one before the request.
 *
 * `npm run bench` runs it (`BENCH_ONLY=reports npm run bench`: only it). On its own:
 *   node scripts/bench/reports.ts                 # a fresh database (seed:large to 2,000, fill-reports)
 *   BENCH_REPORTS_DIR=/tmp/x node scripts/bench/reports.ts   # kept and reused on the next run
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportsFixture } from './fill-reports.ts';
import { adminAuth } from './session.ts';

const root = path.resolve(import.meta.dirname, '../..');
const password = 'bench-password-1';

export const reportsBudgets = {
  xlsxMs: 3000,
  pdfMs: 10_000,
  rssGrowthMb: 150,
  zipFirstByteMs: 1000,
  /** "Flat": the ZIP's 2,000 photos are never all in memory (some 30 MB of buffers and copies). */
  zipRssGrowthMb: 30,
  previewMs: 500,
};

export interface BudgetLine {
  name: string;
  value: string;
  budget: string;
  ok: boolean;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * The process's CPU time in ms (user + system, Linux), read from outside: what a request costs the
 * server whatever else the machine runs (a loaded machine stretches the wall time, not this).
 */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's name in parentheses: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The process's resident set in kB (Linux), read from outside. */
function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface Download {
  status: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Downloads `url`, timing its first body byte and its end, sampling the server's RSS meanwhile. */
async function download(url: string, auth: Record<string, string>, pid: number): Promise<Download> {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 10);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: auth });
    const reader = response.body?.getReader();
    let firstByteMs = 0;
    let bytes = 0;
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += chunk.value.byteLength;
    }
    const totalMs = performance.now() - started;
    peak = Math.max(peak, rssKb(pid));
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
    return {
      status: response.status,
      bytes,
      firstByteMs,
      totalMs,
      rssBeforeMb: before / 1024,
      rssPeakMb: peak / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** `runs` downloads one after the other (after one warm-up); the median by total time. */
async function downloads(url: string, auth: Record<string, string>, pid: number, runs: number) {
  await download(url, auth, pid);
  const all: Download[] = [];
  for (let i = 0; i < runs; i++) all.push(await download(url, auth, pid));
  const byTime = [...all].sort((a, b) => a.totalMs - b.totalMs);
  const growth = all.map((run) => run.rssPeakMb - run.rssBeforeMb);
  return { median: byTime[Math.floor(byTime.length / 2)] as Download, all, maxGrowthMb: Math.max(...growth) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchReports(
  api: string,
  auth: Record<string, string>,
  pid: number,
  fixture: ReportsFixture,
  runs = 3,
): Promise<BudgetLine[]> {
  const lines: BudgetLine[] = [];
  const month = `from=${fixture.from}&to=${fixture.to}`;
  const scale = `${fixture.entries.toLocaleString('en')} entries, ${fixture.from} to ${fixture.to}`;
  const list = (await (await fetch(`${api}/reports`, { headers: auth })).json()) as {
    items: { type: string; formats: string[] }[];
  };
  const types = list.items.map((item) => item.type);
  const parts = (process.env.BENCH_REPORTS_PARTS || 'documents,zip,previews').split(',');

  for (const [format, budget] of parts.includes('documents')
    ? ([
        ['xlsx', reportsBudgets.xlsxMs],
        ['pdf', reportsBudgets.pdfMs],
      ] as const)
    : []) {
    const run = await downloads(
      `${api}/reports/employees-hours?format=${format}&language=fr&${month}`,
      auth,
      pid,
      runs,
    );
    const { median } = run;
    lines.push({
      name: `employees hours summary ${format.toUpperCase()} (${scale}), median of ${runs}`,
      value: `${seconds(median.totalMs)} (first byte ${seconds(median.firstByteMs)}, ${(median.bytes / 1024).toFixed(0)} KB; runs ${run.all.map((r) => seconds(r.totalMs)).join(', ')})`,
      budget: `< ${seconds(budget)}`,
      ok: median.totalMs < budget,
    });
    lines.push({
      name: `  its server memory (VmRSS) growth while it streams, worst of ${runs}`,
      value: `${run.maxGrowthMb.toFixed(0)} MB (RSS ${median.rssBeforeMb.toFixed(0)} → ${median.rssPeakMb.toFixed(0)} MB)`,
      budget: `< ${reportsBudgets.rssGrowthMb} MB`,
      ok: run.maxGrowthMb < reportsBudgets.rssGrowthMb,
    });
  }

  if (!parts.includes('zip')) {
    // Not asked for.
  } else if (types.includes('parking-photos-zip')) {
    const run = await downloads(
      `${api}/reports/parking-photos-zip?format=zip&language=fr&${month}`,
      auth,
      pid,
      runs,
    );
    const { median } = run;
    lines.push({
      name: `parking photos ZIP (${fixture.photos} photos), median of ${runs}: first byte`,
      value: `${seconds(median.firstByteMs)} (whole ${seconds(median.totalMs)}, ${(median.bytes / 1024 / 1024).toFixed(1)} MB)`,
      budget: `< ${seconds(reportsBudgets.zipFirstByteMs)}`,
      ok: median.firstByteMs < reportsBudgets.zipFirstByteMs,
    });
    lines.push({
      name: `  its server memory (VmRSS) growth while it streams, worst of ${runs}`,
      value: `${run.maxGrowthMb.toFixed(0)} MB`,
      budget: `flat (< ${reportsBudgets.zipRssGrowthMb} MB)`,
      ok: run.maxGrowthMb < reportsBudgets.zipRssGrowthMb,
    });
  } else {
    lines.push({
      name: 'parking photos ZIP (2,000 photos)',
      value: 'skipped: not registered',
      budget: `first byte < ${seconds(reportsBudgets.zipFirstByteMs)}, memory flat`,
      ok: true,
    });
  }

  for (const type of parts.includes('previews') ? types : []) {
    const url = `${api}/reports/${type}/preview?language=fr&${month}`;
    const first = await fetch(url, { headers: auth });
    if (first.status !== 200) {
      lines.push({ name: `preview of ${type}`, value: `HTTP ${first.status}`, budget: '200', ok: false });
      continue;
    }
    await first.arrayBuffer();
    // Two more before measuring: the first previews of a fresh server compile the ledger's code
    // (the documents, when they ran first, did it for the hours reports; not with previews alone).
    for (let i = 0; i < 2; i++) await (await fetch(url, { headers: auth })).arrayBuffer();
    const times: number[] = [];
    const cpuBefore = cpuMs(pid);
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: auth });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    lines.push({
      name: `reports screen's preview of ${type} (the month), 10 requests`,
      value: `p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms (server CPU ${Math.round((cpuMs(pid) - cpuBefore) / 10)} ms a request)`,
      budget: `< ${reportsBudgets.previewMs} ms`,
      ok: percentile(times, 95) < reportsBudgets.previewMs,
    });
  }
  return lines;
}

/**
 * The whole part on its own database: `dir` (or a fresh one) filled to 2,000 employees by
 * seed:large and a month of hours by fill-reports.ts (skipped when `bench-reports.json` is there
 * already), a server started on it, the bench, the server stopped.
 */
export async function benchReportsOnItsDatabase(dir?: string): Promise<BudgetLine[]> {
  const { startServer, webDist } = await import('../../e2e/server.ts');
  // The reports need no web app: a page stands in for it when none is built.
  if (!existsSync(path.join(webDist(), 'index.html'))) {
    const stub = mkdtempSync(path.join(tmpdir(), 'brigade-bench-web-'));
    writeFileSync(path.join(stub, 'index.html'), '<!doctype html><title>Brigade</title>');
    process.env.WEB_DIST = stub;
  }
  const dataDir = dir ?? mkdtempSync(path.join(tmpdir(), 'brigade-bench-reports-'));
  mkdirSync(dataDir, { recursive: true });
  const fixtureFile = path.join(dataDir, 'bench-reports.json');
  const env = { DEMO_PASSWORD: password, LOG_LEVEL: 'warn' };
  if (!existsSync(fixtureFile)) {
    // The demo company first (its clients and sites), by the server's own first start.
    await (await startServer('bench-reports', env, { dataDir })).stop();
    const scriptEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
      DATA_DIR: dataDir,
      EMPLOYEES: '2000',
      MESSAGES: '0',
    };
    for (const script of ['scripts/seed-large.ts', 'scripts/bench/fill-reports.ts']) {
      const started = performance.now();
      const run = spawnSync(process.execPath, [path.join(root, script)], {
        cwd: root,
        env: scriptEnv,
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`);
      console.log(`${script}: ${run.stdout.trim()} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8')) as ReportsFixture;
  const server = await startServer('bench-reports', env, { dataDir });
  try {
    const api = `${server.baseURL}/api`;
    return await benchReports(api, await adminAuth(api, password), server.pid, fixture);
  } finally {
    await server.stop();
    if (!dir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = await benchReportsOnItsDatabase(process.env.BENCH_REPORTS_DIR || undefined);
  console.log(`\nreports (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs):`);
  for (const line of lines)
    console.log(`  ${line.ok ? 'OK  ' : 'OVER'} ${line.name}: ${line.value} (budget ${line.budget})`);
}
