import type { AvailabilityOverview, AwayPeriod, BlacklistEntry, EmployeeAvailability } from '@brigade/shared';
import {
  absenceOn,
  isBlacklisted,
  isUnavailable,
  minutesToTime,
  nonWorkingDays,
  shiftDate,
} from '@brigade/shared';
import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { absences, clients, sites } from '../../db/schema/index.ts';
import { aliased, jsonRows } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { loadOverrides } from '../holidays/index.ts';
import { absencesPolicy } from './policy.ts';
import { awayDuring, requireEmployee } from './read.ts';

/**
 * The availability rule's data, read once for a range: the days away of the employees (all, or
 * those named), clipped to the range, and their blacklists in force during it. The rule itself is
 * the shared `isUnavailable` / `isBlacklisted`, which matching and time entries call on this.
 */
export async function loadAwayPeriods(
  db: Executor,
  range: { from: string; to: string; employeeIds?: readonly string[] },
): Promise<Map<string, AwayPeriod[]>> {
  const where: SQL[] = [awayDuring(range.from, range.to)];
  if (range.employeeIds) where.push(inArray(absences.employeeId, [...range.employeeIds]));
  // One JSON value: a month of an agency's absences is thousands of rows (see jsonRows).
  const rows = await jsonRows<{
    absenceId: string;
    employeeId: string;
    type: AwayPeriod['type'];
    startsOn: string;
    endsOn: string | null;
    fromMinute: number | null;
    toMinute: number | null;
  }>(
    db,
    sql`select ${aliased({
      absenceId: absences.id,
      employeeId: absences.employeeId,
      type: absences.type,
      startsOn: absences.startsOn,
      endsOn: absences.endsOn,
      fromMinute: absences.fromMinute,
      toMinute: absences.toMinute,
    })}, row_number() over (order by ${absences.employeeId}, ${absences.startsOn}) as "_rank"
    from ${absences} where ${and(...where)}`,
    { ordered: true },
  );
  const byEmployee = new Map<string, AwayPeriod[]>();
  for (const row of rows) {
    const periods = byEmployee.get(row.employeeId) ?? [];
    periods.push(toAwayPeriod(row, range));
    byEmployee.set(row.employeeId, periods);
  }
  return byEmployee;
}

interface AwayRow {
  absenceId: string;
  type: AwayPeriod['type'];
  startsOn: string;
  endsOn: string | null;
  fromMinute: number | null;
  toMinute: number | null;
}

/** An absence as the availability rule reads it: clipped to the range, its hours as HH:mm. */
function toAwayPeriod(row: AwayRow, range: { from: string; to: string }): AwayPeriod {
  return {
    absenceId: row.absenceId,
    type: row.type,
    startsOn: row.startsOn < range.from ? range.from : row.startsOn,
    endsOn: (row.endsOn as string) > range.to ? range.to : (row.endsOn as string),
    fromTime: row.fromMinute === null ? null : minutesToTime(row.fromMinute),
    toTime: row.toMinute === null ? null : minutesToTime(row.toMinute),
  };
}

/**
 * One employee's absences and blacklists in force on `day`, as one SQL JSON value: a write that
 * checks a day (time entries) reads them in the same round trip as its other facts, and hands the
 * value to `employeeDayOf`.
 */
export function employeeDaySql(employeeId: string | Placeholder, day: string | Placeholder): SQL {
  return sql`(select json_build_object(
      'away', coalesce(json_agg(json_build_object('absenceId', a.id, 'type', a.type, 'startsOn', a.starts_on,
        'endsOn', a.ends_on, 'fromMinute', a.from_minute, 'toMinute', a.to_minute)) filter (where a.type <> 'blacklist'), '[]'),
      'blacklists', coalesce(json_agg(json_build_object('absenceId', a.id, 'clientId', a.client_id, 'siteId', a.site_id,
        'startsOn', a.starts_on, 'endsOn', a.ends_on)) filter (where a.type = 'blacklist'), '[]'))
    from ${absences} a
    where a.employee_id = ${employeeId} and a.starts_on <= ${day}::date and (a.ends_on is null or a.ends_on >= ${day}::date))`;
}

export interface EmployeeDay {
  away: AwayPeriod[];
  blacklists: BlacklistEntry[];
}

/** The value of `employeeDaySql` for `day`, ready for the shared `absenceOn` and `isBlacklisted`. */
export function employeeDayOf(value: unknown, day: string): EmployeeDay {
  const { away, blacklists } = value as { away: AwayRow[]; blacklists: BlacklistEntry[] };
  return { away: away.map((row) => toAwayPeriod(row, { from: day, to: day })), blacklists };
}

type NamedBlacklist = BlacklistEntry & { employeeId: string; clientName: string; siteName: string | null };

/** The blacklists in force at some point of from–to. */
export async function loadBlacklists(
  db: Executor,
  range: { from: string; to: string; employeeIds?: readonly string[] },
): Promise<NamedBlacklist[]> {
  const where: SQL[] = [
    eq(absences.type, 'blacklist'),
    sql`(${absences.endsOn} is null or ${absences.endsOn} >= ${range.from})`,
    sql`${absences.startsOn} <= ${range.to}`,
  ];
  if (range.employeeIds) where.push(inArray(absences.employeeId, [...range.employeeIds]));
  const rows = await db
    .select({
      absenceId: absences.id,
      employeeId: absences.employeeId,
      clientId: absences.clientId,
      clientName: clients.name,
      siteId: absences.siteId,
      siteName: sites.name,
      startsOn: absences.startsOn,
      endsOn: absences.endsOn,
    })
    .from(absences)
    .innerJoin(clients, eq(clients.id, absences.clientId))
    .leftJoin(sites, eq(sites.id, absences.siteId))
    .where(and(...where))
    .orderBy(absences.employeeId, clients.name);
  return rows.map((row) => ({ ...row, clientId: row.clientId as string }));
}

/** `isUnavailable(employee, day)` against the database: away the whole day. */
export async function isEmployeeUnavailable(db: Executor, employeeId: string, day: string): Promise<boolean> {
  const periods = await loadAwayPeriods(db, { from: day, to: day, employeeIds: [employeeId] });
  return isUnavailable(periods.get(employeeId) ?? [], day);
}

/** `isBlacklisted(employee, client, site)` against the database, on `day`. */
export async function isEmployeeBlacklisted(
  db: Executor,
  employeeId: string,
  clientId: string,
  siteId: string | null,
  day: string,
): Promise<boolean> {
  const blacklists = await loadBlacklists(db, { from: day, to: day, employeeIds: [employeeId] });
  return isBlacklisted(blacklists, clientId, siteId, day);
}

export async function employeeAvailability(
  db: Executor,
  actor: Actor,
  employeeId: string,
  range: { from: string; to: string },
): Promise<EmployeeAvailability> {
  authorize(actor, absencesPolicy.readEmployee, { id: employeeId });
  await requireEmployee(db, employeeId);
  const scope = { ...range, employeeIds: [employeeId] };
  const [away, blacklists, overrides] = await Promise.all([
    loadAwayPeriods(db, scope),
    loadBlacklists(db, scope),
    loadOverrides(db, Number(range.from.slice(0, 4)) - 1, Number(range.to.slice(0, 4))),
  ]);
  const periods = away.get(employeeId) ?? [];
  const closed = nonWorkingDays(range.from, range.to, overrides);
  const days: EmployeeAvailability['days'] = [];
  for (let date = range.from; date <= range.to; date = shiftDate(date, 1)) {
    const absence = absenceOn(periods, date) ?? null;
    days.push({
      date,
      status: !absence ? 'available' : isUnavailable(periods, date) ? 'away' : 'part_day',
      absence,
      holiday: closed.get(date)?.nameFr ?? null,
    });
  }
  return {
    employeeId,
    ...range,
    days,
    blacklists: blacklists.map(({ employeeId: _employeeId, ...entry }) => entry),
  };
}

export async function availabilityOverview(
  db: Executor,
  actor: Actor,
  range: { from: string; to: string },
): Promise<AvailabilityOverview> {
  authorize(actor, absencesPolicy.availability);
  const [away, blacklists] = await Promise.all([loadAwayPeriods(db, range), loadBlacklists(db, range)]);
  return {
    ...range,
    away: [...away].map(([employeeId, periods]) => ({ employeeId, periods })),
    blacklists,
  };
}
