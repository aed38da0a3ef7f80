/**
 * Issue 26's budget for the Sunday job: the timesheets of a closed pay week made by themselves for
 * 2,000 employees on 400 sites, < 30 s on PostgreSQL, one transaction per site.
 *
 * In a fresh database of the PostgreSQL that BENCH_POSTGRES_URL names (default: the local service,
 * postgres@127.0.0.1:5432), dropped afterwards: 40 clients, 400 sites, 2,000 workers who each
 * logged five days of the week on one site (10,000 entries); then the job runs once at that Sunday
 * 22:00 and the time it took is printed. With BENCH_SEND=1, the Monday 07:00 run that sends every
 * sheet (a PDF each, every client sending by itself) is timed too.
 *
 *   node scripts/bench/weekly-timesheets.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { Realtime } from '../../apps/server/src/lib/realtime.ts';
import { storageFor } from '../../apps/server/src/lib/storage.ts';
import { runTimesheetJobs } from '../../apps/server/src/modules/timesheets/index.ts';

export const weeklyTimesheetsBudgetMs = 30_000;

const employees = 2000;
const siteCount = 400;
const clientCount = 40;
/** A closed pay week: Sunday 2026-11-01 to Saturday 2026-11-07, made on Sunday the 8th at 22:00. */
const weekStart = '2026-11-01';
const sundayNight = new Date('2026-11-08T22:00:00-05:00');
const mondayMorning = new Date('2026-11-09T07:00:00-05:00');

const withDatabase = (admin: string, name: string) => {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function benchWeeklyTimesheets(adminUrl: string, options: { send?: boolean } = {}) {
  const name = `brigade_bench_weekly_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: withDatabase(adminUrl, name) });
  try {
    await database.migrate();
    const { db } = database;
    await db.execute(sql`
      insert into clients (name, timesheet_auto_send)
      select 'Client ' || g, ${options.send ?? false} from generate_series(1, ${clientCount}) g`);
    await db.execute(sql`
      insert into sites (client_id, name)
      select c.id, 'Chantier ' || g
      from generate_series(1, ${siteCount}) g
      join (select id, row_number() over (order by name) as n from clients) c on c.n = 1 + g % ${clientCount}`);
    // One supervisor per site, with an e-mail (the send's recipients).
    await db.execute(sql`
      with made as (
        insert into users (email, first_name, last_name, role, language, client_id)
        select 'superviseur' || s.n || '@bench.test', 'Super', 'Viseur ' || s.n, 'supervisor',
          case when s.n % 3 = 0 then 'en' else 'fr' end, s.client_id
        from (select id, client_id, row_number() over (order by id) as n from sites) s
        returning id, last_name
      )
      insert into site_supervisors (site_id, supervisor_id)
      select s.id, made.id
      from (select id, row_number() over (order by id) as n from sites) s
      join made on made.last_name = 'Viseur ' || s.n`);
    await db.execute(sql`
      with made as (
        insert into users (email, first_name, last_name, role, language)
        select 'travailleur' || g || '@bench.test', 'Travailleur', 'Numéro ' || g, 'employee', 'fr'
        from generate_series(1, ${employees}) g
        returning id
      )
      insert into employees (user_id, employee_number)
      select id, 'B-' || row_number() over (order by id) from made`);
    // Five days each (Monday to Friday), 07:00–15:30 less 30 minutes, each worker on one site.
    await db.execute(sql`
      insert into time_entries (employee_id, site_id, work_date, start_minute, end_minute, break_minutes, parking_cents)
      select w.user_id, s.id, ${weekStart}::date + d, 420, 930, 30, 0
      from (select user_id, row_number() over (order by user_id) as n from employees) w
      join (select id, row_number() over (order by id) - 1 as n from sites) s on s.n = w.n % ${siteCount}
      cross join generate_series(1, 5) d`);
    await db.execute(sql`analyze`);

    const deps = {
      database,
      db,
      storage: storageFor(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brigade-bench-')) })),
      publicUrl: 'https://brigade.example',
      // No browser listens: what the run changed goes nowhere.
      realtime: new Realtime(),
      reminderHours: 24,
    };
    const started = performance.now();
    const outcome = await runTimesheetJobs(deps, sundayNight);
    const makeMs = performance.now() - started;
    const made = outcome.ran ? outcome.result.weeks.reduce((sum, week) => sum + week.made, 0) : 0;
    let send: { ms: number; sent: number } | undefined;
    if (options.send) {
      const sendStarted = performance.now();
      const sending = await runTimesheetJobs(deps, mondayMorning);
      send = {
        ms: performance.now() - sendStarted,
        sent: sending.ran ? sending.result.weeks.reduce((sum, week) => sum + week.sent, 0) : 0,
      };
    }
    return { makeMs, made, send };
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

if (import.meta.main) {
  const url = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const result = await benchWeeklyTimesheets(url, { send: process.env.BENCH_SEND === '1' });
  const seconds = (result.makeMs / 1000).toFixed(1);
  const ok = result.makeMs < weeklyTimesheetsBudgetMs ? 'ok' : 'OVER BUDGET';
  console.log(
    `Sunday job, ${employees} employees on ${siteCount} sites (PostgreSQL): ${result.made} timesheets made in ${seconds} s (budget < 30 s) ${ok}`,
  );
  if (result.send) {
    console.log(
      `Monday 07:00 send: ${result.send.sent} timesheets sent (a PDF each) in ${(result.send.ms / 1000).toFixed(1)} s`,
    );
  }
}
