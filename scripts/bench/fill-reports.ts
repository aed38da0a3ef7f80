/**
 * A month of hours at the agency's scale, for issue 28's budgets (the reports):
 *  - 2,000 employees (the first by number) log every weekday of the last whole calendar month,
 *    07:00 to 15:30 less 30 minutes, 50 of them on each live site, one day in seven with parking
 *    (12.50 $): about 44,000 entries;
 *  - 2,000 of the days with parking get a receipt photo (a small JPEG under DATA_DIR/files, as an
 *    upload leaves it), for the parking photos ZIP.
 * Set-based SQL; a second run adds nothing. Writes `bench-reports.json` in DATA_DIR (the month).
 *
 *   DATA_DIR=… node scripts/bench/fill-reports.ts       # after seed:large, the server stopped
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../apps/server/src/db/client.ts';
import { companyToday } from '../../apps/server/src/lib/calendar.ts';
import { withConfiguredDatabase } from './database.ts';

async function rows<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface ReportsFixture {
  /** The month: its first and last day. */
  from: string;
  to: string;
  /** Entries in the month. */
  entries: number;
  photos: number;
}

/** The last whole calendar month before `today` (YYYY-MM-DD). */
export function lastMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export async function fillReports(
  db: Db,
  filesDir: string,
  workers = 2000,
  photos = 2000,
): Promise<ReportsFixture> {
  const { from, to } = lastMonth(companyToday());
  await db.execute(sql`with live as (
      select s.id, row_number() over (order by s.id) - 1 as n, count(*) over () as total
      from sites s join clients c on c.id = s.client_id where not s.archived and c.active
    ), crew as (
      select e.user_id, row_number() over (order by e.employee_number) - 1 as n
      from employees e join users u on u.id = e.user_id where u.active
      order by e.employee_number limit ${workers}
    ), days as (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
      where extract(isodow from d) < 6
    )
    insert into time_entries (employee_id, site_id, work_date, start_minute, end_minute, break_minutes, parking_cents)
    select crew.user_id, live.id, days.day, 420, 930, 30,
      case when (crew.n + extract(doy from days.day)::int) % 7 = 0 then 1250 else 0 end
    from crew join live on live.n = (crew.n / 50) % live.total
    cross join days
    on conflict do nothing`);
  // The receipts: one small JPEG, written once per photo (each its own key, as uploads are).
  const [had] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from time_entry_photos p join time_entries t on t.id = p.time_entry_id
        where t.work_date between ${from}::date and ${to}::date`,
  );
  const missing = photos - (had?.n ?? 0);
  if (missing > 0) {
    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 180, b: 150 } },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    const thumb = await sharp(jpeg).resize(64).jpeg({ quality: 60 }).toBuffer();
    const added = await rows<{ storage_key: string; thumbnail_key: string }>(
      db,
      sql`insert into time_entry_photos (time_entry_id, storage_key, thumbnail_key, width, height, bytes, created_by)
        select t.id, 'receipt/' || g, 'thumb/' || g, 320, 240, ${jpeg.length}, t.employee_id
        from (
          select t.id, t.employee_id from time_entries t
          where t.work_date between ${from}::date and ${to}::date and t.parking_cents > 0
            and not exists (select 1 from time_entry_photos p where p.time_entry_id = t.id)
          order by t.work_date, t.employee_id limit ${missing}
        ) t cross join lateral (select gen_random_uuid() as g) k
        returning storage_key, thumbnail_key`,
    );
    mkdirSync(path.join(filesDir, 'receipt'), { recursive: true });
    mkdirSync(path.join(filesDir, 'thumb'), { recursive: true });
    for (const photo of added) {
      writeFileSync(path.join(filesDir, photo.storage_key), jpeg);
      writeFileSync(path.join(filesDir, photo.thumbnail_key), thumb);
    }
  }
  await db.execute(sql`vacuum analyze time_entries, time_entry_photos`);
  const [count] = await rows<{ entries: number; photos: number }>(
    db,
    sql`select (select count(*)::int from time_entries where work_date between ${from}::date and ${to}::date) as entries,
          (select count(*)::int from time_entry_photos p join time_entries t on t.id = p.time_entry_id
            where t.work_date between ${from}::date and ${to}::date) as photos`,
  );
  return { from, to, entries: count?.entries ?? 0, photos: count?.photos ?? 0 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await withConfiguredDatabase(async (database, config) => {
    const started = performance.now();
    const fixture = await fillReports(database.db, path.join(config.DATA_DIR, 'files'));
    writeFileSync(path.join(config.DATA_DIR, 'bench-reports.json'), JSON.stringify(fixture));
    console.log(
      `${fixture.entries} time entries and ${fixture.photos} receipt photos from ${fixture.from} to ${fixture.to} (${Math.round(performance.now() - started)} ms)`,
    );
  });
}
