import type { TimeEntry, TimeEntryWeek } from '@brigade/shared';
import { payWeekDays, payWeekStart, splitOvertime } from '@brigade/shared';
import { and, asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  assignations,
  clients,
  orders,
  siteSupervisors,
  sites,
  timeEntries,
  timeEntryPhotos,
  timesheets,
  users,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { entryHours } from '../../lib/entry-hours.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize, boundingSupervisor } from '../../lib/policy.ts';
import { supervises } from '../sites/index.ts';
import { timeEntriesPolicy } from './policy.ts';

/** The Sunday that starts the pay week of a date column, in SQL. */
export const weekStartOf = (day: SQL | typeof timeEntries.workDate) =>
  sql`(${day} - extract(dow from ${day})::int)`;

/**
 * Whether the worker logged hours on, or is asked (pending or confirmed) for an order of, a site the
 * supervisor supervises: the workers whose weeks a supervisor may open.
 */
export async function supervisesWorker(db: Executor, actor: Actor, employeeId: string): Promise<boolean> {
  const supervisorId = boundingSupervisor(actor);
  if (!supervisorId) return false;
  const result = await db.execute(sql`select (
      exists (select 1 from ${timeEntries} te join ${siteSupervisors} ss on ss.site_id = te.site_id
        where te.employee_id = ${employeeId} and ss.supervisor_id = ${supervisorId})
      or exists (select 1 from ${assignations} a join ${orders} o on o.id = a.order_id
        join ${siteSupervisors} ss on ss.site_id = o.site_id
        where a.employee_id = ${employeeId} and a.status in ('pending', 'confirmed') and ss.supervisor_id = ${supervisorId})
    ) as "supervised"`);
  return Boolean((result as unknown as { rows: { supervised: boolean }[] }).rows[0]?.supervised);
}

/** Authorizes the reading of a worker's weeks (and what the logger proposes them). */
export async function authorizeWorker(db: Executor, actor: Actor, employeeId: string): Promise<void> {
  authorize(actor, timeEntriesPolicy.week, {
    employeeId,
    supervisedWorker: await supervisesWorker(db, actor, employeeId),
  });
}

/** SELECT … FROM time entries, with their worker, site, client and the site's week's timesheet. */
function selectEntries(db: Executor, supervisorId: string | null) {
  return db
    .select({
      entry: timeEntries,
      firstName: users.firstName,
      lastName: users.lastName,
      siteName: sites.name,
      clientId: clients.id,
      clientName: clients.name,
      timesheetStatus: timesheets.status,
      supervisedSite: supervises(supervisorId, timeEntries.siteId),
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.employeeId))
    .innerJoin(sites, eq(sites.id, timeEntries.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .leftJoin(
      timesheets,
      and(
        eq(timesheets.siteId, timeEntries.siteId),
        eq(timesheets.weekStart, weekStartOf(timeEntries.workDate)),
      ),
    );
}
type EntryRow = Omit<
  Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number],
  'supervisedSite'
>;

async function photosOf(db: Executor, entryIds: string[]) {
  const rows = entryIds.length
    ? await db
        .select({
          id: timeEntryPhotos.id,
          timeEntryId: timeEntryPhotos.timeEntryId,
          width: timeEntryPhotos.width,
          height: timeEntryPhotos.height,
        })
        .from(timeEntryPhotos)
        .where(inArray(timeEntryPhotos.timeEntryId, entryIds))
        .orderBy(asc(timeEntryPhotos.createdAt))
    : [];
  const byEntry = new Map<string, TimeEntry['photos']>();
  for (const { timeEntryId, ...photo } of rows) {
    byEntry.set(timeEntryId, [...(byEntry.get(timeEntryId) ?? []), photo]);
  }
  return byEntry;
}

export function toTimeEntry(row: EntryRow, photos: TimeEntry['photos']): TimeEntry {
  const { entry } = row;
  return {
    id: entry.id,
    employee: { id: entry.employeeId, firstName: row.firstName, lastName: row.lastName },
    site: { id: entry.siteId, name: row.siteName, client: { id: row.clientId, name: row.clientName } },
    workDate: entry.workDate,
    ...entryHours(entry),
    photos,
    rejection:
      entry.rejectedAt && entry.rejectionReason
        ? { reason: entry.rejectionReason, at: entry.rejectedAt.toISOString() }
        : null,
    timesheetStatus: row.timesheetStatus ?? null,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/** One entry as shown, or null; no permission check (the services make it). */
export async function findTimeEntry(db: Executor, id: string, actor?: Actor) {
  const [row] = await selectEntries(db, actor ? boundingSupervisor(actor) : null).where(
    eq(timeEntries.id, id),
  );
  if (!row) return null;
  const photos = await photosOf(db, [id]);
  return { entry: toTimeEntry(row, photos.get(id) ?? []), supervisedSite: row.supervisedSite };
}

export async function getTimeEntry(db: Executor, actor: Actor, id: string): Promise<TimeEntry> {
  const found = await findTimeEntry(db, id, actor);
  if (!found) throw notFound('Time entry');
  authorize(actor, timeEntriesPolicy.read, {
    employeeId: found.entry.employee.id,
    supervisedSite: found.supervisedSite,
  });
  return found.entry;
}

/**
 * One worker's pay week (Sunday to Saturday): each day's entries and totals, regular and overtime
 * by the company's rule. A supervisor sees the entries on their own sites only.
 */
export async function timeEntryWeek(
  db: Executor,
  actor: Actor,
  query: { employeeId?: string; week?: string },
): Promise<TimeEntryWeek> {
  const employeeId = query.employeeId ?? actor.userId;
  await authorizeWorker(db, actor, employeeId);
  const [worker] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(eq(users.id, employeeId));
  if (worker?.role !== 'employee') throw fieldError('employeeId', 'not_found');
  const weekStart = payWeekStart(query.week ?? companyToday());
  const days = payWeekDays(weekStart);
  const supervisorId = boundingSupervisor(actor);
  const rows = await selectEntries(db, supervisorId)
    .where(
      and(
        eq(timeEntries.employeeId, employeeId),
        between(timeEntries.workDate, days[0] as string, days[6] as string),
        supervisorId ? supervises(supervisorId, timeEntries.siteId) : undefined,
      ),
    )
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.startMinute));
  const photos = await photosOf(
    db,
    rows.map((row) => row.entry.id),
  );
  const entries = rows.map((row) => toTimeEntry(row, photos.get(row.entry.id) ?? []));
  // Each day's entries, gathered once (the rows come in day order).
  const byDay = new Map<string, TimeEntry[]>(days.map((date) => [date, []]));
  for (const entry of entries) byDay.get(entry.workDate)?.push(entry);
  const total = (list: TimeEntry[], key: 'minutes' | 'parkingCents') =>
    list.reduce((sum, entry) => sum + entry[key], 0);
  const weekDays = splitOvertime(
    days.map((date) => ({ date, minutes: total(byDay.get(date) ?? [], 'minutes') })),
  ).map((day) => {
    const ofDay = byDay.get(day.date) ?? [];
    return { ...day, entries: ofDay, parkingCents: total(ofDay, 'parkingCents') };
  });
  const sum = (key: 'minutes' | 'regular' | 'overtime' | 'parkingCents') =>
    weekDays.reduce((total, day) => total + day[key], 0);
  return {
    employee: { id: worker.id, firstName: worker.firstName, lastName: worker.lastName },
    weekStart,
    days: weekDays,
    totals: {
      minutes: sum('minutes'),
      regular: sum('regular'),
      overtime: sum('overtime'),
      parkingCents: sum('parkingCents'),
    },
  };
}
