import type { ReceiptPhoto, Timesheet, TimesheetRecipient, TimesheetSummary } from '@brigade/shared';
import { payWeekStart, type timesheetListQuerySchema } from '@brigade/shared';
import { and, asc, between, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import {
  assignations,
  clients,
  employees,
  orders,
  siteSupervisors,
  sites,
  timeEntries,
  timeEntryPhotos,
  timesheetEvents,
  timesheets,
  users,
} from '../../db/schema/index.ts';
import { addDays } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { aliased, jsonRows } from '../../lib/executor.ts';
import {
  accentFreeSortKey,
  matchesSearch,
  orderBy,
  pageOf,
  pageOffset,
  rowCount,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize, boundingSupervisor } from '../../lib/policy.ts';
import { supervises } from '../sites/index.ts';
import { buildGrid, type ElsewhereEntry, type GridEntry } from './grid.ts';
import { timesheetsPolicy } from './policy.ts';

/** The timesheet's row with its site and client, and whether the asking supervisor has the site. */
export async function loadSheet(db: Executor, id: string, actor?: Actor) {
  const [row] = await db
    .select({
      sheet: timesheets,
      site: {
        id: sites.id,
        name: sites.name,
        city: sites.city,
        po: sites.po,
        jobNumber: sites.jobNumber,
        adminHoursName: sites.adminHoursName,
        adminHoursEmail: sites.adminHoursEmail,
      },
      client: { id: clients.id, name: clients.name, language: clients.language },
      supervisedSite: supervises(actor?.role === 'supervisor' ? actor.userId : null, timesheets.siteId),
    })
    .from(timesheets)
    .innerJoin(sites, eq(sites.id, timesheets.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(eq(timesheets.id, id));
  return row ?? null;
}
export type SheetRow = NonNullable<Awaited<ReturnType<typeof loadSheet>>>;

/** The row, once the asker may do what `rule` covers with it (404 when there is none). */
export async function sheetFor(
  db: Executor,
  actor: Actor,
  id: string,
  rule: (typeof timesheetsPolicy)['read' | 'approve'],
): Promise<SheetRow> {
  const row = await loadSheet(db, id, actor);
  if (!row) throw notFound('Timesheet');
  authorize(actor, rule, { id, supervisedSite: row.supervisedSite });
  return row;
}

const rejector = alias(users, 'rejector');

type TimesheetListQueryParsed = z.output<typeof timesheetListQuerySchema>;

/** The week's entries on the site, with their workers, for the grid. */
export async function gridEntries(
  db: Executor,
  siteId: string,
  weekStart: string,
): Promise<(Omit<GridEntry, 'changed'> & { updatedAt: Date })[]> {
  // One JSON value (jsonRows): a 50-worker site's week is 250 entries of 16 values, which the
  // embedded database hands over value by value far slower than it finds them.
  const [rows, photos] = await Promise.all([
    jsonRows<
      Omit<GridEntry, 'rejectedAt' | 'photos' | 'changed'> & { rejectedAt: string | null; updatedAt: string }
    >(
      db,
      sql`select ${aliased({
        id: timeEntries.id,
        employeeId: timeEntries.employeeId,
        firstName: users.firstName,
        lastName: users.lastName,
        number: employees.employeeNumber,
        workDate: timeEntries.workDate,
        startMinute: timeEntries.startMinute,
        endMinute: timeEntries.endMinute,
        breakMinutes: timeEntries.breakMinutes,
        minutes: timeEntries.minutes,
        parkingCents: timeEntries.parkingCents,
        comment: timeEntries.comment,
        rejectedAt: timeEntries.rejectedAt,
        rejectedByName: sql`${rejector.firstName} || ' ' || ${rejector.lastName}`,
        rejectionReason: timeEntries.rejectionReason,
        updatedAt: timeEntries.updatedAt,
        // No confirmed assignation of theirs on the site that week (one hashed set, not a lookup a row).
        withoutAssignation: sql`${timeEntries.employeeId} not in (
          select ${assignations.employeeId} from ${assignations}
          join ${orders} on ${orders.id} = ${assignations.orderId}
          where ${orders.siteId} = ${siteId} and ${assignations.status} = 'confirmed'
            and ${orders.cancelledAt} is null
            and ${orders.startsOn} <= ${addDays(weekStart, 6)}::date and ${orders.endsOn} >= ${weekStart}::date)`,
      })}, row_number() over (order by ${timeEntries.workDate}, ${timeEntries.startMinute}, ${timeEntries.id}) as "_rank"
    from ${timeEntries}
    join ${users} on ${users.id} = ${timeEntries.employeeId}
    join ${employees} on ${employees.userId} = ${timeEntries.employeeId}
    left join ${users} as ${sql.identifier('rejector')} on ${rejector.id} = ${timeEntries.rejectedBy}
    where ${timeEntries.siteId} = ${siteId}
      and ${timeEntries.workDate} between ${weekStart}::date and ${addDays(weekStart, 6)}::date`,
      { ordered: true },
    ),
    weekPhotos(db, siteId, weekStart),
  ]);
  return rows.map((row) => ({
    ...row,
    photos: photos.get(row.id) ?? [],
    rejectedAt: row.rejectedAt ? new Date(row.rejectedAt) : null,
    updatedAt: new Date(row.updatedAt),
  }));
}

/**
 * The accepted entries of the site's workers in the same week on their other sites: the worker's
 * overtime is their whole week's (`buildGrid`).
 */
export async function elsewhereEntries(
  db: Executor,
  siteId: string,
  weekStart: string,
): Promise<ElsewhereEntry[]> {
  const week = sql`${timeEntries.workDate} between ${weekStart}::date and ${addDays(weekStart, 6)}::date`;
  return jsonRows<ElsewhereEntry>(
    db,
    sql`select ${aliased({
      employeeId: timeEntries.employeeId,
      siteId: timeEntries.siteId,
      workDate: timeEntries.workDate,
      startMinute: timeEntries.startMinute,
      minutes: timeEntries.minutes,
    })} from ${timeEntries}
    where ${week} and ${timeEntries.siteId} <> ${siteId} and ${timeEntries.rejectedAt} is null
      and ${timeEntries.employeeId} in (
        select ${timeEntries.employeeId} from ${timeEntries} where ${week} and ${timeEntries.siteId} = ${siteId})`,
  );
}

/**
 * The parking receipts' photos of the week's entries on the site, by entry, in the order they were
 * taken: read apart, as most entries have none.
 */
async function weekPhotos(db: Executor, siteId: string, weekStart: string) {
  const rows = await db
    .select({
      entryId: timeEntryPhotos.timeEntryId,
      id: timeEntryPhotos.id,
      width: timeEntryPhotos.width,
      height: timeEntryPhotos.height,
    })
    .from(timeEntryPhotos)
    .innerJoin(timeEntries, eq(timeEntries.id, timeEntryPhotos.timeEntryId))
    .where(
      and(eq(timeEntries.siteId, siteId), between(timeEntries.workDate, weekStart, addDays(weekStart, 6))),
    )
    .orderBy(asc(timeEntryPhotos.createdAt), asc(timeEntryPhotos.id));
  const byEntry = new Map<string, ReceiptPhoto[]>();
  for (const { entryId, ...photo } of rows) byEntry.set(entryId, [...(byEntry.get(entryId) ?? []), photo]);
  return byEntry;
}

/**
 * Who a timesheet goes to: the site's active supervisors (by e-mail, or by SMS when they have no
 * e-mail) and its admin-hours contact (by e-mail, in the client's language).
 */
export async function sheetRecipients(
  db: Executor,
  row: SheetRow,
): Promise<(TimesheetRecipient & { userId: string | null })[]> {
  const supervisors = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      language: users.language,
    })
    .from(siteSupervisors)
    .innerJoin(users, eq(users.id, siteSupervisors.supervisorId))
    .where(and(eq(siteSupervisors.siteId, row.site.id), eq(users.active, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const list: (TimesheetRecipient & { userId: string | null })[] = supervisors.map((s) => ({
    userId: s.userId,
    name: `${s.firstName} ${s.lastName}`,
    kind: 'supervisor',
    email: s.email,
    phone: s.phone,
    language: s.language,
  }));
  const contact = row.site.adminHoursEmail;
  if (contact && !list.some((r) => r.email?.toLowerCase() === contact.toLowerCase())) {
    list.push({
      userId: null,
      name: row.site.adminHoursName ?? contact,
      kind: 'adminHours',
      email: contact,
      phone: null,
      language: row.client.language,
    });
  }
  return list;
}

async function sheetEvents(db: Executor, id: string) {
  const rows = await db
    .select({
      kind: timesheetEvents.kind,
      at: timesheetEvents.at,
      detail: timesheetEvents.detail,
      actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(timesheetEvents)
    .leftJoin(users, eq(users.id, timesheetEvents.actorId))
    .where(eq(timesheetEvents.timesheetId, id))
    .orderBy(asc(timesheetEvents.at));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/** Where an approval came from: the office's to see, nobody else's (issue 26, point 5). */
const originKeys = new Set(['ip', 'userAgent']);
function withoutOrigin(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(detail)
      .filter(([key]) => !originKeys.has(key))
      .map(([key, value]) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? [key, withoutOrigin(value as Record<string, unknown>)]
          : [key, value],
      ),
  );
}

/**
 * The whole timesheet as shown, printed and sent. `actor`: who reads it; the approver's address and
 * browser are left out for anyone but the office (a supervisor's screen, their PDF).
 */
export async function timesheetOf(db: Executor, row: SheetRow, actor?: Actor): Promise<Timesheet> {
  const { sheet } = row;
  const [stored, elsewhere, recipients, allEvents] = await Promise.all([
    gridEntries(db, sheet.siteId, sheet.weekStart),
    elsewhereEntries(db, sheet.siteId, sheet.weekStart),
    sheetRecipients(db, row),
    sheetEvents(db, sheet.id),
  ]);
  const office = actor?.role === 'admin';
  const events = office
    ? allEvents
    : allEvents.map((event) => ({ ...event, detail: withoutOrigin(event.detail) }));
  // A reopened week shows its supervisors what changed since they last saw it: since it was last
  // sent or approved, or a line of it refused (what they saw then is what they decided on).
  const seen = allEvents
    .filter((event) => ['sent', 'approved', 'line_rejected'].includes(event.kind))
    .reduce<string | null>((last, event) => (last && last > event.at ? last : event.at), null);
  const entries = stored.map(({ updatedAt, ...entry }) => ({
    ...entry,
    changed: sheet.status === 'reopened' && seen !== null && updatedAt.toISOString() > seen,
  }));
  const grid = buildGrid(sheet.weekStart, entries, { siteId: sheet.siteId, elsewhere });
  return {
    id: sheet.id,
    site: {
      id: row.site.id,
      name: row.site.name,
      city: row.site.city,
      po: row.site.po,
      jobNumber: row.site.jobNumber,
    },
    client: { id: row.client.id, name: row.client.name },
    weekStart: sheet.weekStart,
    status: sheet.status,
    sentAt: sheet.sentAt?.toISOString() ?? null,
    approvedAt: sheet.approvedAt?.toISOString() ?? null,
    approvedByName: sheet.approvedByName,
    approvedIp: office ? sheet.approvedIp : null,
    approvedUserAgent: office ? sheet.approvedUserAgent : null,
    workers: grid.lines.length,
    minutes: grid.totals.minutes,
    parkingCents: grid.totals.parkingCents,
    rejected: entries.filter((entry) => entry.rejectedAt).length,
    ...grid,
    recipients: recipients.map(({ userId: _userId, ...recipient }) => recipient),
    events,
  };
}

export async function getTimesheet(db: Executor, actor: Actor, id: string): Promise<Timesheet> {
  return timesheetOf(db, await sheetFor(db, actor, id, timesheetsPolicy.read), actor);
}

const sortColumns = {
  weekStart: timesheets.weekStart,
  site: accentFreeSortKey(sites.name),
  client: accentFreeSortKey(clients.name),
  status: timesheets.status,
} as const;

/** Each timesheet's workers, hours, parking and rejected lines, summed over its week's entries. */
async function sheetTotals(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof emptyTotals>();
  const rows = await db
    .select({
      id: timesheets.id,
      workers: sql<number>`cast(count(distinct ${timeEntries.employeeId}) as integer)`,
      // A refused line counts in no total until it is settled (as on the sheet).
      minutes: sql<number>`cast(coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.rejectedAt} is null), 0) as integer)`,
      parkingCents: sql<number>`cast(coalesce(sum(${timeEntries.parkingCents}) filter (where ${timeEntries.rejectedAt} is null), 0) as integer)`,
      rejected: sql<number>`cast(count(${timeEntries.rejectedAt}) as integer)`,
    })
    .from(timesheets)
    .innerJoin(
      timeEntries,
      and(
        eq(timeEntries.siteId, timesheets.siteId),
        sql`${timeEntries.workDate} between ${timesheets.weekStart} and ${timesheets.weekStart} + 6`,
      ),
    )
    .where(inArray(timesheets.id, ids))
    .groupBy(timesheets.id);
  return new Map(rows.map(({ id, ...totals }) => [id, totals]));
}
const emptyTotals = { workers: 0, minutes: 0, parkingCents: 0, rejected: 0 };

/**
 * Timesheets by client, site, week and state (a supervisor's own sites only), searched by site or
 * client, with each one's workers, hours, parking and rejected lines.
 */
export async function listTimesheets(db: Executor, actor: Actor, query: TimesheetListQueryParsed) {
  authorize(actor, timesheetsPolicy.list);
  const supervisorId = boundingSupervisor(actor);
  const where = and(
    query.clientId ? eq(sites.clientId, query.clientId) : undefined,
    query.siteId ? eq(timesheets.siteId, query.siteId) : undefined,
    query.week ? eq(timesheets.weekStart, payWeekStart(query.week)) : undefined,
    query.status ? eq(timesheets.status, query.status) : undefined,
    query.toApprove === 'true' ? inArray(timesheets.status, ['sent', 'reopened']) : undefined,
    supervisorId ? supervises(supervisorId, timesheets.siteId) : undefined,
    query.refused === 'true'
      ? sql`exists (select 1 from ${timeEntries} where ${timeEntries.siteId} = ${timesheets.siteId}
          and ${timeEntries.workDate} between ${timesheets.weekStart} and ${timesheets.weekStart} + 6
          and ${timeEntries.rejectedAt} is not null)`
      : undefined,
    query.q
      ? or(matchesSearch(sites.searchText, query.q), matchesSearch(clients.searchText, query.q))
      : undefined,
  );
  const rows = await db
    .select({
      sheet: timesheets,
      siteName: sites.name,
      siteCity: sites.city,
      clientId: clients.id,
      clientName: clients.name,
      total: totalCount,
    })
    .from(timesheets)
    .innerJoin(sites, eq(sites.id, timesheets.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(where)
    .orderBy(...orderBy(sortColumns[query.sort], query.order, timesheets.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const totals = await sheetTotals(
    db,
    rows.map((row) => row.sheet.id),
  );
  const page = await pageOf(rows, query, () =>
    db
      .select({ n: rowCount })
      .from(timesheets)
      .innerJoin(sites, eq(sites.id, timesheets.siteId))
      .innerJoin(clients, eq(clients.id, sites.clientId))
      .where(where),
  );
  return {
    ...page,
    items: page.items.map(
      (row): TimesheetSummary => ({
        id: row.sheet.id,
        site: { id: row.sheet.siteId, name: row.siteName, city: row.siteCity },
        client: { id: row.clientId, name: row.clientName },
        weekStart: row.sheet.weekStart,
        status: row.sheet.status,
        sentAt: row.sheet.sentAt?.toISOString() ?? null,
        approvedAt: row.sheet.approvedAt?.toISOString() ?? null,
        approvedByName: row.sheet.approvedByName,
        ...(totals.get(row.sheet.id) ?? emptyTotals),
      }),
    ),
  };
}
