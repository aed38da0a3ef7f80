/**
 * Issue 11's budgets, with 2,000 employees and a year of entries (fill-entries.ts):
 *  - 500 entry writes a second, sustained, p99 < 100 ms;
 *  - a week's timesheet of a 50-worker site, p95 < 50 ms, and its PDF < 500 ms;
 *  - hour alerts for a day, p95 < 50 ms.
 *
 * `npm run bench` runs it on its 10,000-employee database. On its own, on a database filled by
 * seed:large and fill-entries.ts, the server running:
 *   node scripts/bench/hours.ts http://127.0.0.1:3000 <DATA_DIR> <admin password>
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HoursFixture } from './fill-entries.ts';

export const hoursBudgets = {
  writeRate: 500,
  writeP99Ms: 100,
  timesheetP95Ms: 50,
  pdfMs: 500,
  alertsP95Ms: 50,
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const buffer = await response.arrayBuffer();
  const ms = performance.now() - started;
  const type = response.headers.get('content-type') ?? '';
  return {
    ms,
    status: response.status,
    body: type.includes('json') ? JSON.parse(new TextDecoder().decode(buffer)) : buffer.byteLength,
  };
}

/** `rounds` reads one after the other (after one warm-up): their latencies. */
async function reads(url: string, auth: Record<string, string>, rounds: number): Promise<number[]> {
  const first = await timed(url, { headers: auth });
  if (first.status !== 200) throw new Error(`GET ${url}: ${first.status} ${JSON.stringify(first.body)}`);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push((await timed(url, { headers: auth })).ms);
  return times;
}

/**
 * Entries written at `rate` a second for `seconds` (open loop: each starts on its schedule, whether
 * the ones before have answered or not), each a different worker's day: what rate was kept, and the
 * latencies.
 */
async function writes(
  api: string,
  auth: Record<string, string>,
  employees: string[],
  siteId: string,
  rate: number,
  seconds: number,
) {
  const total = rate * seconds;
  if (employees.length === 0) throw new Error('no employee free for the writes (fill-entries.ts)');
  const days: string[] = [];
  for (let back = 1; days.length < Math.ceil(total / employees.length); back++) {
    const day = new Date(Date.now() - back * 86_400_000 - 5 * 3_600_000).toISOString().slice(0, 10);
    days.push(day);
  }
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = {
      employeeId: employees[i % employees.length],
      siteId,
      workDate: days[Math.floor(i / employees.length)],
      startTime: '07:00',
      endTime: '15:30',
      breakMinutes: 30,
      idempotencyKey: crypto.randomUUID(),
    };
    pending.push(
      timed(`${api}/time-entries`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(
        (result) => {
          if (result.status === 201) latencies.push(result.ms);
          else failed += 1;
        },
        // Not even connected (the server could not keep up): counted as refused.
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  return {
    written: latencies.length,
    failed,
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function benchHours(api: string, auth: Record<string, string>, fixture: HoursFixture) {
  // Hour alerts for yesterday (the badge's call) and for a given day.
  const alerts = await reads(`${api}/time-entries/total-hours-worked-by-date`, auth, 60);
  // Last week's timesheet of the 50-worker site.
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const created = await timed(`${api}/timesheets`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId: fixture.siteId, week: lastWeek }),
  });
  if (created.status !== 201)
    throw new Error(`POST /timesheets: ${created.status} ${JSON.stringify(created.body)}`);
  const sheet = created.body as { id: string; workers: number; lines: unknown[] };
  const timesheet = await reads(`${api}/timesheets/${sheet.id}`, auth, 60);
  const pdf = await reads(`${api}/timesheets/${sheet.id}/pdf?language=fr`, auth, 10);
  const written = await writes(
    api,
    auth,
    fixture.freeEmployeeIds,
    fixture.siteId,
    hoursBudgets.writeRate,
    10,
  );
  return {
    alerts: { p50: percentile(alerts, 50), p95: percentile(alerts, 95), count: alerts.length },
    timesheet: {
      workers: sheet.workers,
      p50: percentile(timesheet, 50),
      p95: percentile(timesheet, 95),
      count: timesheet.length,
    },
    pdf: { p50: percentile(pdf, 50), max: Math.max(...pdf), count: pdf.length },
    writes: written,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [origin = 'http://127.0.0.1:3000', dataDir = '', password = ''] = process.argv.slice(2);
  const api = `${origin}/api`;
  const login = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.brigade.test', password }),
  });
  const { token } = (await login.json()) as { token: string };
  const fixture = JSON.parse(readFileSync(path.join(dataDir, 'bench-hours.json'), 'utf8')) as HoursFixture;
  console.log(JSON.stringify(await benchHours(api, { authorization: `Bearer ${token}` }, fixture), null, 2));
}
