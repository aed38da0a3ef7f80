/**
 * A year of hours at the agency's scale, for issue 11's budgets:
 *  - the workers confirmed on the orders (fill-orders.ts) log their days on the order's site, as
 *    the office expects, except one worker-day in twenty, forgotten: those are the hour alerts;
 *  - 2,000 employees (the first by number, of the 10,000 seed:large makes) log every weekday of the
 *    last 52 weeks, 07:00 to 15:30 less 30 minutes, some with parking: about 520,000 entries. Every
 *    live site gets 50 of them (the 50-worker site of the timesheet budget).
 * Set-based SQL, one statement for each.
 * Writes `bench-hours.json` in DATA_DIR: the site with 50 workers, and 1,000 employees without any
 * hours for the write budget.
 *
 *   DATA_DIR=… node scripts/bench/fill-entries.ts       # after seed:large, the server stopped
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { companyToday } from '../../apps/server/src/lib/calendar.ts';
import { withConfiguredDatabase } from './database.ts';

async function rows<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface HoursFixture {
  siteId: string;
  /** Employees with no hours at all: the write budget logs theirs. */
  freeEmployeeIds: string[];
  entries: number;
}

/** One worker-day in `forgottenOneIn` is not logged (the same ones on every run). */
const forgottenOneIn = 20;

export async function fillEntries(db: Db, workers = 2000): Promise<HoursFixture> {
  const today = companyToday();
  // The orders' days first (a second run adds nothing: the entries would overlap).
  await db.execute(sql`with worked as (
      select distinct on (a.employee_id, d.day) a.employee_id, o.site_id, d.day
      from orders o
      join assignations a on a.order_id = o.id and a.status = 'confirmed'
      cross join lateral (
        select g::date as day from generate_series(greatest(o.starts_on, ${today}::date - 364),
          least(o.ends_on, ${today}::date - 1), interval '1 day') g
      ) d
      where o.cancelled_at is null and (o.include_weekends or extract(isodow from d.day) < 6)
      order by a.employee_id, d.day, o.site_id
    )
    insert into time_entries (employee_id, site_id, work_date, start_minute, end_minute, break_minutes, parking_cents)
    select w.employee_id, w.site_id, w.day, 420, 930, 30, 0
    from worked w
    where abs(hashtext(w.employee_id::text || w.day::text)) % ${forgottenOneIn} <> 0
      and not exists (select 1 from absences ab where ab.employee_id = w.employee_id
        and ab.type <> 'blacklist' and daterange(ab.starts_on, ab.ends_on, '[]') @> w.day)
    on conflict do nothing`);
  const [existing] = await rows<{ n: number }>(db, sql`select count(*)::int as n from time_entries`);
  if ((existing?.n ?? 0) < workers * 200) {
    await db.execute(sql`with live as (
        select s.id, row_number() over (order by s.id) - 1 as n, count(*) over () as total
        from sites s join clients c on c.id = s.client_id where not s.archived and c.active
      ), crew as (
        select e.user_id, row_number() over (order by e.employee_number) - 1 as n
        from employees e join users u on u.id = e.user_id where u.active
        order by e.employee_number limit ${workers}
      ), days as (
        select d::date as day from generate_series(${today}::date - 364, ${today}::date - 1, interval '1 day') d
        where extract(isodow from d) < 6
      )
      insert into time_entries (employee_id, site_id, work_date, start_minute, end_minute, break_minutes, parking_cents)
      select crew.user_id, live.id, days.day, 420, 930, 30, case when (crew.n + extract(doy from days.day)::int) % 7 = 0 then 1250 else 0 end
      from crew join live on live.n = (crew.n / 50) % live.total
      cross join days
      on conflict do nothing`);
    await db.execute(sql`vacuum analyze time_entries`);
  }
  const [site] = await rows<{ site_id: string }>(
    db,
    // The site with the nearest to 50 workers in last week's pay week (Sunday to Saturday), the one
    // the bench's timesheet is for.
    sql`with week as (select (${today}::date - 7) - extract(dow from ${today}::date - 7)::int as first)
        select site_id from time_entries, week where work_date between week.first and week.first + 6
        group by site_id order by abs(count(distinct employee_id) - 50), site_id limit 1`,
  );
  const free = await rows<{ user_id: string }>(
    db,
    sql`select e.user_id from employees e join users u on u.id = e.user_id
        where u.active and not exists (select 1 from time_entries t where t.employee_id = e.user_id)
          and not exists (select 1 from absences a where a.employee_id = e.user_id
            and (a.type = 'blacklist' or (a.starts_on < ${today}::date and a.ends_on >= ${today}::date - 30)))
        order by e.employee_number desc limit 1000`,
  );
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from time_entries`);
  return {
    siteId: site?.site_id ?? '',
    freeEmployeeIds: free.map((row) => row.user_id),
    entries: count?.n ?? 0,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await withConfiguredDatabase(async (database, config) => {
    const started = performance.now();
    const fixture = await fillEntries(database.db, Number(process.env.WORKERS ?? 2000));
    writeFileSync(path.join(config.DATA_DIR, 'bench-hours.json'), JSON.stringify(fixture));
    console.log(
      `time entries: ${fixture.entries} in all, ${fixture.freeEmployeeIds.length} employees free for the writes (${Math.round(performance.now() - started)} ms)`,
    );
  });
}
