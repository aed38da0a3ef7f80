/**
 * Active orders at the agency's scale, for the alerts and dashboards budgets: fills the database up
 * to `target` orders that are not cancelled nor over (2,000 by default), spread over the live sites
 * from two weeks ago to a month ahead, each with one of the catalogue's trades and its workers asked
 * (most confirmed, some pending, some orders short), and a share of the workers' certificates
 * expiring within the next weeks. Set-based SQL, a few statements whatever the target.
 *
 * Run on its own (after `npm run seed:large`, the server stopped: it loads the demo company first
 * when it is not there, so that there are sites):
 *   DATA_DIR=… node scripts/bench/fill-orders.ts          # ORDERS=5000 for another target
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { companyToday } from '../../apps/server/src/lib/calendar.ts';
import { withConfiguredDatabase } from './database.ts';

/** Bench orders are recognisable by their note (and left alone by a second run). */
const benchNote = 'bench: fill-orders';

async function one<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  return rows[0] as Row;
}

/** Adds active orders up to `target`, their trades and assignations; returns what it added. */
export async function fillOrders(
  db: Db,
  target = 2000,
): Promise<{ orders: number; assignations: number; expiringCertificates: number }> {
  const today = companyToday();
  const { active } = await one<{ active: number }>(
    db,
    sql`select count(*)::int as active from orders where cancelled_at is null and ends_on >= ${today}::date`,
  );
  const missing = Math.max(0, target - active);
  if (missing === 0) return { orders: 0, assignations: 0, expiringCertificates: 0 };

  // Orders: site g mod n of the live sites, starting between 14 days ago and 30 days ahead, lasting
  // 1 to 21 days but never over yet; 1 to 8 workers; every priority.
  const { orders } = await one<{ orders: number }>(
    db,
    sql`with live as (
      select s.id, s.client_id, row_number() over (order by s.id) - 1 as n, count(*) over () as total
      from sites s join clients c on c.id = s.client_id
      where not s.archived and c.active and (s.end_date is null or s.end_date >= ${today}::date)
    ), added as (
      insert into orders (client_id, site_id, workers_needed, starts_on, ends_on,
        daily_start_minute, daily_end_minute, unpaid_break_minutes, priority, notes)
      select l.client_id, l.id, 1 + g % 8,
        ${today}::date + (g * 7 % 45 - 14),
        greatest(${today}::date + (g * 7 % 45 - 14) + g % 21, ${today}::date + g % 5),
        420, 930, 30, 1 + g % 3, ${benchNote}
      from generate_series(0, ${missing - 1}::int) g
      join live l on l.n = g % l.total
      returning id
    ) select count(*)::int as orders from added`,
  );
  // One trade each, from the active catalogue.
  await db.execute(sql`with trades as (
      select id, row_number() over (order by id) - 1 as n, count(*) over () as total from skills where active
    ), bench as (
      select o.id, row_number() over (order by o.id) - 1 as rn from orders o
      where o.notes = ${benchNote} and not exists (select 1 from order_skills os where os.order_id = o.id)
    )
    insert into order_skills (order_id, skill_id, mandatory)
    select b.id, t.id, false from bench b join trades t on t.n = b.rn % t.total`);
  // Workers: distinct per order (steps of a prime through the active employees), one order in three
  // a place short, one worker in four still pending.
  const { assignations } = await one<{ assignations: number }>(
    db,
    sql`with people as (
      select user_id, row_number() over (order by user_id) - 1 as n, count(*) over () as total
      from employees where active
    ), bench as (
      select o.id, o.workers_needed, row_number() over (order by o.id) as rn from orders o
      where o.notes = ${benchNote} and not exists (select 1 from assignations a where a.order_id = o.id)
    ), slots as (
      select b.id, b.rn, slot from bench b, generate_series(1, b.workers_needed - (b.rn % 3 = 0)::int) slot
    ), added as (
      insert into assignations (order_id, employee_id, status, answered_by, answered_at)
      select s.id, p.user_id,
        case when s.slot % 4 = 0 then 'pending' else 'confirmed' end,
        case when s.slot % 4 = 0 then null else 'office' end,
        case when s.slot % 4 = 0 then null else now() end
      from slots s join people p on p.n = (s.rn * 13 + s.slot * 7919) % p.total
      on conflict do nothing
      returning id
    ) select count(*)::int as assignations from added`,
  );
  // About one certificate in a hundred of the workers on bench orders expires within 40 days (on top
  // of the demo's own expiries): some fifty a week, as many as at an agency of this size.
  const { expiringCertificates } = await one<{ expiringCertificates: number }>(
    db,
    sql`with changed as (
      update employee_skills es set expires_on = ${today}::date + abs(hashtext(es.employee_id::text || es.skill_id::text)) % 40
      where abs(hashtext(es.skill_id::text || es.employee_id::text)) % 100 = 0
        and exists (select 1 from assignations a join orders o on o.id = a.order_id
                    where a.employee_id = es.employee_id and o.notes = ${benchNote})
      returning 1
    ) select count(*)::int as "expiringCertificates" from changed`,
  );
  // The embedded database has no autovacuum: statistics, and the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze orders, order_skills, assignations, employee_skills`);
  return { orders, assignations, expiringCertificates };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { seedDemo } = await import('../../apps/server/src/seed/demo.ts');
  await withConfiguredDatabase(async (database, config) => {
    const started = performance.now();
    // The demo company (its sites) around the orders; the server's start with SEED=demo keeps it.
    await seedDemo(database.db, {
      password: config.DEMO_PASSWORD,
      passwordIfNew: config.DEMO_PASSWORD ?? 'bench-password-1',
    });
    const seeded = performance.now();
    const added = await fillOrders(database.db, Number(process.env.ORDERS ?? 2000));
    console.log(
      `orders: ${added.orders} added with ${added.assignations} assignations, ${added.expiringCertificates} certificates now expiring (${Math.round(performance.now() - seeded)} ms; demo company ${Math.round(seeded - started)} ms)`,
    );
  });
}
