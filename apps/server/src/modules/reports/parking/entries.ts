import { and, asc, between, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  clients,
  employees,
  siteSupervisors,
  sites,
  timeEntries,
  timeEntryPhotos,
  users,
} from '../../../db/schema/index.ts';
import { aliased, jsonRows } from '../../../lib/executor.ts';
import type { ReportParams } from '../definition.ts';

/** One time entry with parking (or a receipt's photo), with whom, where and its photos in the order taken. */
export interface ParkingEntry {
  entryId: string;
  workDate: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  employeeNumber: string;
  clientId: string;
  clientName: string;
  siteId: string;
  siteName: string;
  parkingCents: number;
  photos: { id: string; storageKey: string }[];
}

/** The period and the filters of a report, on the time entries (a filter left out names nothing). */
export function entryFilters(params: ReportParams): SQL[] {
  const where: SQL[] = [between(timeEntries.workDate, params.from, params.to)];
  if (params.clientId) where.push(eq(sites.clientId, params.clientId));
  if (params.siteId) where.push(eq(timeEntries.siteId, params.siteId));
  if (params.employeeId) where.push(eq(timeEntries.employeeId, params.employeeId));
  if (params.supervisorId)
    where.push(
      sql`${timeEntries.siteId} in (select ${siteSupervisors.siteId} from ${siteSupervisors} where ${siteSupervisors.supervisorId} = ${params.supervisorId})`,
    );
  return where;
}

const photosOfEntry = sql<{ id: string; storageKey: string }[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'storageKey', p.storage_key) order by p.created_at, p.id)
  from ${timeEntryPhotos} p where p.time_entry_id = ${timeEntries.id}), '[]'::json)`;

/**
 * The period's entries with parking or a receipt's photo, refused lines left out (they count
 * nowhere), in the order given: by site (client, site, day, name) or by employee (name, day, site).
 */
export async function parkingEntries(
  db: Executor,
  params: ReportParams,
  order: 'site' | 'employee',
): Promise<ParkingEntry[]> {
  const hasPhoto = sql`exists (select 1 from ${timeEntryPhotos} p where p.time_entry_id = ${timeEntries.id})`;
  const byName = [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const bySite = [asc(clients.name), asc(sites.name), asc(sites.id)];
  const ordering = [
    ...(order === 'site'
      ? [...bySite, asc(timeEntries.workDate), ...byName]
      : [...byName, asc(timeEntries.workDate), ...bySite]),
    asc(timeEntries.startMinute),
    asc(timeEntries.id),
  ];
  const fields = {
    entryId: timeEntries.id,
    workDate: timeEntries.workDate,
    employeeId: timeEntries.employeeId,
    firstName: users.firstName,
    lastName: users.lastName,
    employeeNumber: employees.employeeNumber,
    clientId: clients.id,
    clientName: clients.name,
    siteId: sites.id,
    siteName: sites.name,
    parkingCents: timeEntries.parkingCents,
    photos: photosOfEntry,
    _rank: sql`row_number() over (order by ${sql.join(ordering, sql`, `)})`,
  };
  // Thousands of receipts in a month: one JSON value (lib/executor.ts's jsonRows), not row by row.
  const query = sql`select ${aliased(fields)} from ${timeEntries}
    join ${sites} on ${sites.id} = ${timeEntries.siteId}
    join ${clients} on ${clients.id} = ${sites.clientId}
    join ${users} on ${users.id} = ${timeEntries.employeeId}
    join ${employees} on ${employees.userId} = ${timeEntries.employeeId}
    where ${and(...entryFilters(params), isNull(timeEntries.rejectedAt), or(gt(timeEntries.parkingCents, 0), hasPhoto))}`;
  return jsonRows<ParkingEntry>(db, query, { ordered: true });
}

export const employeeName = (entry: { firstName: string; lastName: string }) =>
  `${entry.lastName}, ${entry.firstName}`;
