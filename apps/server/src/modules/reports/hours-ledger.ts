import { allocateOvertime, payWeekStart, type TimesheetStatus, weekEntryOrder } from '@brigade/shared';
import { and, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  clients,
  employees,
  siteSupervisors,
  sites,
  timeEntries,
  timesheets,
  users,
} from '../../db/schema/index.ts';
import { addDays } from '../../lib/calendar.ts';
import { aliased, jsonRows } from '../../lib/executor.ts';
import { sortByTexts } from './document/texts.ts';

/**
 * The reports' one place for hours and money (issue 28): every worker × pay week × site of a
 * period, each day's worked minutes split into regular and overtime, the parking paid and the
 * site's timesheet for that week. The employees hours summary, the timesheets summary, the CCQ
 * register and the payroll export all read it, so the same week gives the same totals in each.
 *
 * The rules are the timesheet's (`modules/timesheets/grid.ts`), the same function deciding:
 * - overtime follows the worker's whole pay week, every site added up, as the worker's own week
 *   (GET /time-entries/week) counts it: `allocateOvertime` (`@brigade/shared/pay-week`) applies
 *   `splitOvertime` (over 8 h a day, then over 40 regular hours a pay week, counted from the last
 *   days of the week) to the worker's week, then gives each day's overtime to the day's last hours
 *   (latest start first), whatever site they were on. So 25 h on one site and 25 h on another are
 *   40 regular and 10 overtime, on the week's last entries; 6 h on one site then 4 h on another in
 *   a day are 2 h overtime on the second. Each line (a worker's week on one site) carries its
 *   entries' shares, which the site's timesheet shows too, and the lines of a worker's week add up
 *   to their own week. A report filtered to some sites (a client, a site, a supervisor's) still
 *   reads the worker's entries on the other sites of the week, for the split only (`outside`);
 * - a refused line (rejected by the supervisor, not yet settled) counts in no total, hours or
 *   parking, as on the timesheet;
 * - a night shift counts wholly on the day it starts (its `workDate`), as everywhere;
 * - a period that cuts a pay week (from a Wednesday) still splits whole weeks: the week's days
 *   before or after the period are read, split, then left out, so a day's overtime is the same
 *   whatever period it is seen in.
 */

export interface LedgerFilters {
  from: string;
  to: string;
  clientId?: string;
  siteId?: string;
  /** The sites this supervisor supervises. */
  supervisorId?: string;
  employeeId?: string;
}

/** One time entry, as the ledger reads it. */
export interface LedgerEntry {
  employeeId: string;
  siteId: string;
  workDate: string;
  startMinute: number;
  endMinute: number;
  breakMinutes: number;
  minutes: number;
  parkingCents: number;
  /** Refused and not yet settled: counts in no total. */
  rejected: boolean;
  /**
   * On a site the report's filters leave out: read only for the worker's week's overtime (which
   * of the week's hours are over 8 h a day or 40 h a week depends on every site), shown nowhere.
   */
  outside?: boolean;
}

/** An accepted entry of a day, with its share of the worker's week's regular and overtime. */
export interface LedgerDayEntry extends LedgerEntry {
  regular: number;
  overtime: number;
}

export interface LedgerDay {
  date: string;
  minutes: number;
  regular: number;
  overtime: number;
  parkingCents: number;
  /** The day's accepted entries on the line's site, in start order (the CCQ register's lines). */
  entries: LedgerDayEntry[];
}

export interface LedgerPerson {
  id: string;
  firstName: string;
  lastName: string;
  number: string | null;
}

export interface LedgerSite {
  id: string;
  name: string;
  city: string | null;
  client: { id: string; name: string };
}

export interface LedgerTimesheet {
  id: string;
  status: TimesheetStatus;
  sentAt: string | null;
  approvedAt: string | null;
  approvedByName: string | null;
}

/** One worker's pay week on one site, the days in the period only. */
export interface LedgerLine {
  employee: LedgerPerson;
  site: LedgerSite;
  weekStart: string;
  /** The days in the period with accepted hours, in order. */
  days: LedgerDay[];
  minutes: number;
  regular: number;
  overtime: number;
  parkingCents: number;
  /** The site's timesheet of that week, if it was made. */
  timesheet: LedgerTimesheet | null;
}

export interface LedgerTotals {
  minutes: number;
  regular: number;
  overtime: number;
  parkingCents: number;
}

export const emptyTotals = (): LedgerTotals => ({ minutes: 0, regular: 0, overtime: 0, parkingCents: 0 });

/** Adds `line`'s totals to `into` (and returns it). */
export function addTotals(into: LedgerTotals, line: LedgerTotals): LedgerTotals {
  into.minutes += line.minutes;
  into.regular += line.regular;
  into.overtime += line.overtime;
  into.parkingCents += line.parkingCents;
  return into;
}

/**
 * The lines of `entries` (whole pay weeks: every entry of each worker's week on each site), the
 * days kept those from `from` to `to`. Pure: the rule, apart from reading.
 */
export function ledgerLines(
  entries: readonly LedgerEntry[],
  period: { from: string; to: string },
  lookup: {
    employee(id: string): LedgerPerson;
    site(id: string): LedgerSite;
    timesheet(siteId: string, weekStart: string): LedgerTimesheet | null;
  },
): LedgerLine[] {
  // A month has some 30 days but 44,000 entries: each day's week is found once.
  const weeks = new Map<string, string>();
  const weekOf = (date: string) => {
    let week = weeks.get(date);
    if (week === undefined) {
      week = payWeekStart(date);
      weeks.set(date, week);
    }
    return week;
  };
  // Grouped by worker, then week, every site together (the overtime is the worker's whole week's),
  // with no key made per entry (the reader hands each worker's entries over together, so the last
  // worker found is nearly always it).
  const groups: LedgerEntry[][] = [];
  let lastEmployee: string | undefined;
  let lastWeeks: Map<string, LedgerEntry[]> | undefined;
  const byWorker = new Map<string, Map<string, LedgerEntry[]>>();
  for (const entry of entries) {
    if (entry.employeeId !== lastEmployee || !lastWeeks) {
      lastWeeks = byWorker.get(entry.employeeId);
      if (!lastWeeks) {
        lastWeeks = new Map();
        byWorker.set(entry.employeeId, lastWeeks);
      }
      lastEmployee = entry.employeeId;
    }
    const week = weekOf(entry.workDate);
    const group = lastWeeks.get(week);
    if (group) group.push(entry);
    else {
      const created = [entry];
      lastWeeks.set(week, created);
      groups.push(created);
    }
  }
  const lines: LedgerLine[] = [];
  for (const group of groups) {
    const first = group[0] as LedgerEntry;
    const weekStart = weekOf(first.workDate);
    // In time order (day, start, site): the days and each day's entries come in order.
    const accepted = group.filter((entry) => !entry.rejected).sort(weekEntryOrder);
    const regular = allocateOvertime(accepted);
    // The worker's week, site by site, day by day: the days in the period only (a worker-week has
    // a site or two and a few days: found by looking through them, no map made per week).
    const bySite: { siteId: string; days: LedgerDay[] }[] = [];
    for (let index = 0; index < accepted.length; index++) {
      const entry = accepted[index] as LedgerEntry;
      if (entry.outside || entry.workDate < period.from || entry.workDate > period.to) continue;
      // Each entry carries its share (the CCQ register's lines): written on it, not copied.
      const shared = entry as LedgerDayEntry;
      shared.regular = regular[index] as number;
      shared.overtime = entry.minutes - shared.regular;
      let site = bySite.find((each) => each.siteId === entry.siteId);
      if (!site) {
        site = { siteId: entry.siteId, days: [] };
        bySite.push(site);
      }
      // The entries come in day order: a site's day is its last one, or a new one.
      let day = site.days[site.days.length - 1];
      if (day?.date !== entry.workDate) {
        day = { date: entry.workDate, minutes: 0, regular: 0, overtime: 0, parkingCents: 0, entries: [] };
        site.days.push(day);
      }
      day.minutes += entry.minutes;
      day.regular += shared.regular;
      day.overtime += shared.overtime;
      day.parkingCents += entry.parkingCents;
      day.entries.push(shared);
    }
    for (const { siteId, days } of bySite) {
      const line: LedgerLine = {
        employee: lookup.employee(first.employeeId),
        site: lookup.site(siteId),
        weekStart,
        days,
        minutes: 0,
        regular: 0,
        overtime: 0,
        parkingCents: 0,
        timesheet: lookup.timesheet(siteId, weekStart),
      };
      for (const day of days) addTotals(line, day);
      lines.push(line);
    }
  }
  return sortByTexts(lines, (line) => [
    line.site.client.name,
    line.site.name,
    line.site.id,
    line.employee.lastName,
    line.employee.firstName,
    line.employee.id,
    line.weekStart,
  ]);
}

/** The ledger of a period: read whole pay weeks, then `ledgerLines`. */
export async function loadHoursLedger(db: Executor, filters: LedgerFilters): Promise<LedgerLine[]> {
  const first = payWeekStart(filters.from);
  const last = addDays(payWeekStart(filters.to), 6);
  // The sites the filters keep (none given: every site). The worker's entries on the other sites
  // of those weeks are read too, marked outside: their week's overtime depends on them.
  const bySite = and(
    filters.siteId ? sql`${timeEntries.siteId} = ${filters.siteId}` : undefined,
    filters.clientId
      ? sql`${timeEntries.siteId} in (select ${sites.id} from ${sites} where ${sites.clientId} = ${filters.clientId})`
      : undefined,
    filters.supervisorId
      ? sql`${timeEntries.siteId} in (select ${siteSupervisors.siteId} from ${siteSupervisors} where ${siteSupervisors.supervisorId} = ${filters.supervisorId})`
      : undefined,
  );
  const inside = bySite ? sql`bool_and(${bySite})` : sql`true`;
  const period = sql`${timeEntries.workDate} between ${first}::date and ${last}::date`;
  // One text value (a month of 2,000 workers is some 44,000 entries): the embedded database hands
  // rows over value by value. Each worker's entries on a site come as one group, `;` between
  // groups: the two ids, whether the filters keep the site (1 or 0), then each entry's numbers, all
  // comma-separated (its day as days since 2000-01-01, start, end, break, minutes, parking, refused
  // 1 or 0). Numbers only: half the database's work of JSON arrays, and read as one flat array
  // each, without a string or an array per entry.
  const result =
    await db.execute(sql`select string_agg(g.employee_id || ',' || g.site_id || ',' || g.inside || ',' || g.entries, ';') as rows
    from (
      select ${timeEntries.employeeId}::text as employee_id, ${timeEntries.siteId}::text as site_id,
        (${inside})::int as inside,
        string_agg(concat_ws(',', ${timeEntries.workDate} - date '2000-01-01', ${timeEntries.startMinute},
          ${timeEntries.endMinute}, ${timeEntries.breakMinutes}, ${timeEntries.minutes}, ${timeEntries.parkingCents},
          (${timeEntries.rejectedAt} is not null)::int), ',') as entries
      from ${timeEntries}
      where ${period}
      ${filters.employeeId ? sql`and ${timeEntries.employeeId} = ${filters.employeeId}` : sql``}
      ${
        bySite
          ? sql`and ${timeEntries.employeeId} in (select ${timeEntries.employeeId} from ${timeEntries} where ${period} and ${bySite})`
          : sql``
      }
      group by ${timeEntries.employeeId}, ${timeEntries.siteId}
    ) g`);
  const [row] = (result as unknown as { rows: { rows: string | null }[] }).rows;
  const groups = row?.rows ? row.rows.split(';') : [];
  // A month's entries fall on some 40 days: each day's text is made once.
  const dates = new Map<number, string>();
  const dateOf = (day: number) => {
    let date = dates.get(day);
    if (date === undefined) {
      date = addDays('2000-01-01', day);
      dates.set(day, date);
    }
    return date;
  };
  const entries: LedgerEntry[] = [];
  const employeeIds: string[] = [];
  const siteIds = new Set<string>();
  for (const group of groups) {
    // Two ids of 36 characters, then the flag: `<employee>,<site>,<0|1>,<numbers…>`.
    const employeeId = group.slice(0, 36);
    const siteId = group.slice(37, 73);
    const shown = group.charCodeAt(74) === 49;
    const numbers = JSON.parse(`[${group.slice(76)}]`) as number[];
    if (employeeIds[employeeIds.length - 1] !== employeeId) employeeIds.push(employeeId);
    if (shown) siteIds.add(siteId);
    for (let at = 0; at + 6 < numbers.length; at += 7) {
      entries.push({
        employeeId,
        siteId,
        workDate: dateOf(numbers[at] as number),
        startMinute: numbers[at + 1] as number,
        endMinute: numbers[at + 2] as number,
        breakMinutes: numbers[at + 3] as number,
        minutes: numbers[at + 4] as number,
        parkingCents: numbers[at + 5] as number,
        rejected: numbers[at + 6] === 1,
        outside: !shown,
        // Written by ledgerLines (each entry's share of its week's overtime): the shape made once.
        regular: 0,
        overtime: 0,
      } as LedgerDayEntry);
    }
  }
  if (entries.length === 0) return [];
  // The ids as one array parameter each (not one parameter per id: 2,000 of them).
  const idArray = (ids: Iterable<string>) => `{${[...new Set(ids)].join(',')}}`;
  const [people, places, sheets] = await Promise.all([
    jsonRows<LedgerPerson>(
      db,
      sql`select ${aliased({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        number: employees.employeeNumber,
      })} from ${users} join ${employees} on ${employees.userId} = ${users.id}
      where ${users.id} = any(${idArray(employeeIds)}::uuid[])`,
    ),
    jsonRows<Omit<LedgerSite, 'client'> & { clientId: string; clientName: string }>(
      db,
      sql`select ${aliased({
        id: sites.id,
        name: sites.name,
        city: sites.city,
        clientId: clients.id,
        clientName: clients.name,
      })} from ${sites} join ${clients} on ${clients.id} = ${sites.clientId}
      where ${sites.id} = any(${idArray(siteIds)}::uuid[])`,
    ),
    jsonRows<LedgerTimesheet & { siteId: string; weekStart: string }>(
      db,
      sql`select ${aliased({
        id: timesheets.id,
        siteId: timesheets.siteId,
        weekStart: timesheets.weekStart,
        status: timesheets.status,
        sentAt: timesheets.sentAt,
        approvedAt: timesheets.approvedAt,
        approvedByName: timesheets.approvedByName,
      })} from ${timesheets}
      where ${timesheets.weekStart} between ${first}::date and ${last}::date and ${timesheets.siteId} = any(${idArray(siteIds)}::uuid[])`,
    ),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  const siteById = new Map(
    places.map(({ clientId, clientName, ...site }) => [
      site.id,
      { ...site, client: { id: clientId, name: clientName } },
    ]),
  );
  const sheetByKey = new Map(
    sheets.map(({ siteId, weekStart, ...sheet }) => [`${siteId}|${weekStart}`, sheet]),
  );
  return ledgerLines(entries, filters, {
    employee: (id) => personById.get(id) ?? { id, firstName: '', lastName: '', number: null },
    site: (id) => siteById.get(id) ?? { id, name: '', city: null, client: { id: '', name: '' } },
    timesheet: (siteId, weekStart) => sheetByKey.get(`${siteId}|${weekStart}`) ?? null,
  });
}
