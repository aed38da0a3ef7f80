import type { HourAlert, HoursByEmployee } from '@brigade/shared';
import { fullDayMinutes } from '@brigade/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { fieldError } from '../../lib/errors.ts';
import { jsonRows } from '../../lib/executor.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { timeEntriesPolicy } from './policy.ts';

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The days asked: from the start (yesterday by default) to the end (the start by default), at most 62. */
function dayRange(query: { startDate?: string; endDate?: string }) {
  const from = query.startDate ?? addDays(companyToday(), -1);
  const to = query.endDate ?? from;
  if (to < from) throw fieldError('endDate', 'end_before_start');
  if (addDays(from, 62) < to) throw fieldError('endDate', 'range_too_long');
  return { from, to };
}

/**
 * Hour alerts (spec §7, §9): for each day of the range, the workers confirmed on an order working
 * that day (weekends only when it includes them) whose hours that day total under what the order
 * expects (its shift less its unpaid break; nothing logged included), unless away the whole day.
 * Latest day first, then by name.
 */
export async function hourAlerts(
  db: Executor,
  actor: Actor,
  query: { startDate?: string; endDate?: string },
): Promise<HourAlert[]> {
  authorize(actor, timeEntriesPolicy.hourAlerts);
  const { from, to } = dayRange(query);
  return jsonRows<HourAlert>(
    db,
    // The days as a list of values: the planner then knows how many (a generate_series counts as
    // a thousand rows to it, which made it choose plans for a thousand days).
    sql`with days as (
        select unnest(array[${sql.join(
          daysOf(from, to).map((day) => sql`${day}::date`),
          sql`, `,
        )}]) as day
      ),
      -- What each confirmed worker is expected to log: the order's shift less its unpaid break
      -- (8 h should an order have no hours).
      expected as (
        select days.day, a.employee_id, o.site_id,
          int4range(o.daily_start_minute, o.daily_end_minute) as shift,
          coalesce(o.daily_end_minute - o.daily_start_minute - o.unpaid_break_minutes, ${fullDayMinutes}) as minutes
        from days
        join orders o on o.cancelled_at is null
          and daterange(o.starts_on, o.ends_on, '[]') @> days.day
          and (o.include_weekends or extract(isodow from days.day) < 6)
        join assignations a on a.order_id = o.id and a.status = 'confirmed'
      ),
      -- The whole days away, found through the absences' range index (the planner would otherwise
      -- read every absence to hash them).
      away as (
        select days.day, ab.employee_id
        from days
        join absences ab on ab.type <> 'blacklist' and ab.from_minute is null
          and daterange(ab.starts_on, ab.ends_on, '[]') @> days.day
      ),
      logged as (
        select work_date as day, employee_id, sum(minutes)::int as minutes
        from time_entries
        where work_date between ${from}::date and ${to}::date
        group by work_date, employee_id
      ),
      -- A worker on two orders that day is expected to log both when they follow each other (a
      -- morning and an evening); when their hours overlap (booked twice), the longer one only.
      expected_day as (
        select day, employee_id, array_agg(distinct site_id) as site_ids,
          -- (Most days are one order: the union of the shifts is only worked out for the others.)
          (case when count(*) = 1 then max(minutes)
            when sum(upper(shift) - lower(shift)) > (
              select sum(upper(part) - lower(part)) from unnest(range_agg(shift)) as part)
            then max(minutes) else sum(minutes) end)::int as minutes
        from expected
        group by day, employee_id
      ),
      -- Gathered by worker and day once the short days are known: most workers logged their day,
      -- and the names and sites are only looked up for those who did not.
      short as (
        select e.day, e.employee_id, coalesce(l.minutes, 0) as minutes, e.minutes as expected_minutes, e.site_ids
        from expected_day e
        left join logged l on l.day = e.day and l.employee_id = e.employee_id
        where coalesce(l.minutes, 0) < e.minutes
      )
      select to_char(e.day, 'YYYY-MM-DD') as "date",
        jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
          'phone', u.phone, 'language', u.language) as "employee",
        e.minutes as "minutes",
        e.expected_minutes as "expectedMinutes",
        round(e.expected_minutes / 60.0, 2)::float8 as "expectedHours",
        (select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) order by s.name)
          from sites s where s.id = any(e.site_ids)) as "sites",
        row_number() over (order by e.day desc, ${accentFreeSortKey(sql`u.last_name`)}, ${accentFreeSortKey(sql`u.first_name`)}, u.id) as "_rank"
      from short e
      join users u on u.id = e.employee_id and u.active
      where not exists (select 1 from away where away.day = e.day and away.employee_id = e.employee_id)`,
    { ordered: true },
  );
}

/** Each worker's logged minutes per day over the range (one worker's with `employeeId`). */
export async function hoursByEmployee(
  db: Executor,
  actor: Actor,
  query: { startDate?: string; endDate?: string; employeeId?: string },
): Promise<HoursByEmployee> {
  authorize(actor, timeEntriesPolicy.hourAlerts);
  const { from, to } = dayRange(query);
  return jsonRows<HoursByEmployee[number]>(
    db,
    sql`select to_char(te.work_date, 'YYYY-MM-DD') as "date",
        jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as "employee",
        sum(te.minutes)::int as "minutes",
        row_number() over (order by te.work_date desc, ${accentFreeSortKey(sql`u.last_name`)}, ${accentFreeSortKey(sql`u.first_name`)}, u.id) as "_rank"
      from time_entries te join users u on u.id = te.employee_id
      where te.work_date between ${from}::date and ${to}::date
        ${query.employeeId ? sql`and te.employee_id = ${query.employeeId}` : sql``}
      group by te.work_date, u.id`,
    { ordered: true },
  );
}
