import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timeEntries } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

/**
 * The demo company's hours: the confirmed workers of the orders that worked over the last two
 * weeks logged most of their days (not all: hour alerts have something to show), at their order's
 * hours less a 30-minute break, some with parking. Last week's timesheets follow, in every state:
 * approved by the site's supervisor, sent and waiting, or still a draft. The demo employee's own
 * weeks stay empty (the time logger's tour starts from nothing). Written once: a database with hours
 * keeps them.
 */
export async function seedHours(db: Db): Promise<void> {
  const [existing] = await db.select({ id: timeEntries.id }).from(timeEntries).limit(1);
  if (existing) return;
  const today = companyToday();
  const from = addDays(today, -14);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into time_entries (employee_id, site_id, work_date, start_minute, end_minute, break_minutes,
        parking_cents, created_by, updated_by)
      select a.employee_id, o.site_id, d::date, o.daily_start_minute, o.daily_end_minute,
        o.unpaid_break_minutes,
        case when hashtext(a.employee_id::text || d::date::text) % 6 = 0 then 1250 else 0 end,
        a.employee_id, a.employee_id
      from assignations a
      join orders o on o.id = a.order_id and o.cancelled_at is null
      join users u on u.id = a.employee_id
      cross join generate_series(greatest(o.starts_on, ${from}::date), least(o.ends_on, ${today}::date - 1), interval '1 day') d
      where a.status = 'confirmed'
        and u.email is distinct from 'employe@demo.brigade.test'
        and (o.include_weekends or extract(isodow from d) < 6)
        and abs(hashtext(a.employee_id::text || d::date::text)) % 10 < 8
        and not exists (select 1 from absences ab where ab.employee_id = a.employee_id and ab.type <> 'blacklist'
          and d::date between ab.starts_on and ab.ends_on)
      on conflict do nothing`);
    // Last week's timesheets: a third approved, a third sent, a third drafts.
    const lastWeek = sql`(${today}::date - 7 - extract(dow from ${today}::date - 7)::int)`;
    await tx.execute(sql`
      insert into timesheets (site_id, week_start, status, sent_at, approved_at, approved_by, approved_by_name,
        approved_ip, approved_user_agent)
      select s.site_id, ${lastWeek},
        (array['approved', 'sent', 'draft'])[1 + s.n % 3],
        case when s.n % 3 < 2 then now() - interval '3 days' end,
        case when s.n % 3 = 0 then now() - interval '2 days' end,
        case when s.n % 3 = 0 then sup.id end,
        case when s.n % 3 = 0 then sup.first_name || ' ' || sup.last_name end,
        case when s.n % 3 = 0 then '203.0.113.7'::inet end,
        case when s.n % 3 = 0 then 'Mozilla/5.0 (Linux; Android 14) Mobile' end
      from (
        select te.site_id, row_number() over (order by te.site_id) as n
        from time_entries te where te.work_date between ${lastWeek} and ${lastWeek} + 6
        group by te.site_id
      ) s
      left join lateral (
        select u.id, u.first_name, u.last_name from site_supervisors ss join users u on u.id = ss.supervisor_id
        where ss.site_id = s.site_id order by u.email = 'superviseur@demo.brigade.test' desc, u.last_name limit 1
      ) sup on true
      on conflict do nothing`);
    // The demo supervisor has last week waiting for them on their site: three workers' weekdays.
    await tx.execute(sql`
      with mine as (
        select ss.site_id from site_supervisors ss join users u on u.id = ss.supervisor_id
        where u.email = 'superviseur@demo.brigade.test' order by ss.site_id limit 1
      ), crew as (
        select u.id from users u join employees e on e.user_id = u.id
        where u.active and u.email is distinct from 'employe@demo.brigade.test'
          and not exists (select 1 from time_entries te where te.employee_id = u.id
            and te.work_date between ${lastWeek} and ${lastWeek} + 6)
          and not exists (select 1 from absences ab where ab.employee_id = u.id)
        order by e.employee_number limit 3
      )
      insert into time_entries (employee_id, site_id, work_date, start_minute, end_minute, break_minutes,
        parking_cents, created_by, updated_by)
      select crew.id, mine.site_id, ${lastWeek} + day, 420, 930, 30, case when day = 1 then 1500 else 0 end,
        crew.id, crew.id
      from mine cross join crew cross join generate_series(1, 5) day
      on conflict do nothing`);
    await tx.execute(sql`
      insert into timesheets (site_id, week_start, status, sent_at)
      select ss.site_id, ${lastWeek}, 'sent', now() - interval '1 day'
      from site_supervisors ss join users u on u.id = ss.supervisor_id
      where u.email = 'superviseur@demo.brigade.test'
      order by ss.site_id limit 1
      on conflict (site_id, week_start) do update set status = 'sent', sent_at = excluded.sent_at,
        approved_at = null, approved_by = null, approved_by_name = null, approved_ip = null,
        approved_user_agent = null`);
    await tx.execute(sql`
      insert into timesheet_events (timesheet_id, kind, actor_id, detail, at)
      select t.id, k.kind, case when k.kind = 'approved' then t.approved_by end, '{}'::jsonb,
        coalesce(case k.kind when 'sent' then t.sent_at when 'approved' then t.approved_at end, t.created_at)
      from timesheets t
      cross join lateral (values ('created'), ('sent'), ('approved')) k(kind)
      where k.kind = 'created' or (k.kind = 'sent' and t.sent_at is not null) or (k.kind = 'approved' and t.approved_at is not null)`);
  });
}
