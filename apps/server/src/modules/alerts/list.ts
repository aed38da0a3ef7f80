import type { Alert, AlertList } from '@brigade/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readAll } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { alertsPolicy } from './policy.ts';
import { alertSources, alertWindow } from './window.ts';

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

interface RefusalRow {
  entryId: string;
  timesheetId: string;
  weekStart: string;
  workDate: string;
  minutes: number;
  reason: string | null;
  employeeId: string;
  firstName: string;
  lastName: string;
  refusedBy: string | null;
  clientId: string;
  clientName: string;
  siteId: string;
  siteName: string;
}
interface OrderRow {
  orderId: string;
  startsOn: string;
  endsOn: string;
  workersNeeded: number;
  confirmed: number;
  pending: number;
  clientId: string;
  clientName: string;
  siteId: string;
  siteName: string;
}
interface SiteRow {
  siteId: string;
  siteName: string;
  city: string | null;
  endDate: string;
  clientId: string;
  clientName: string;
}
interface CertificateRow {
  employeeId: string;
  firstName: string;
  lastName: string;
  skillId: string;
  nameFr: string;
  nameEn: string;
  expiresOn: string;
  requiredByOrder: boolean;
  orderId: string;
  startsOn: string;
  endsOn: string;
  clientId: string;
  clientName: string;
  siteId: string;
  siteName: string;
}

/**
 * Every alert of the window (spec §7 GET /alerts), by kind: timesheet lines refused (whatever the
 * window), orders short of workers, sites ending, certificates expiring; soonest first within each. `now` is for tests of the window's edges.
 */
export async function listAlerts(db: Db, actor: Actor, days: number, now = new Date()): Promise<AlertList> {
  authorize(actor, alertsPolicy.read);
  const window = alertWindow(days, now);
  const sources = alertSources(window);
  const [refusalRows, orderRows, siteRows, certificateRows] = await readAll(db, [
    () =>
      rowsOf<RefusalRow>(
        db,
        sql`select te.id as "entryId", t.id as "timesheetId", t.week_start::text as "weekStart",
          te.work_date::text as "workDate", te.minutes, te.rejection_reason as "reason",
          u.id as "employeeId", u.first_name as "firstName", u.last_name as "lastName",
          r.first_name || ' ' || r.last_name as "refusedBy",
          c.id as "clientId", c.name as "clientName", s.id as "siteId", s.name as "siteName"
          from ${sources.refusals} as refused
          join time_entries te on te.id = refused.entry_id
          join timesheets t on t.id = refused.timesheet_id
          join users u on u.id = te.employee_id
          left join users r on r.id = te.rejected_by
          join sites s on s.id = te.site_id
          join clients c on c.id = s.client_id
          order by te.work_date, c.name, s.name, u.last_name, u.first_name, te.id`,
      ),
    () =>
      rowsOf<OrderRow>(
        db,
        sql`select o.id as "orderId", o.starts_on::text as "startsOn", o.ends_on::text as "endsOn",
          o.workers_needed as "workersNeeded",
          unfilled.confirmed,
          (select count(*)::int from assignations a where a.order_id = o.id and a.status = 'pending') as "pending",
          c.id as "clientId", c.name as "clientName", s.id as "siteId", s.name as "siteName"
          from ${sources.orders} as unfilled
          join orders o on o.id = unfilled.id
          join clients c on c.id = o.client_id
          join sites s on s.id = o.site_id
          order by o.starts_on, c.name, s.name, o.id`,
      ),
    () =>
      rowsOf<SiteRow>(
        db,
        sql`select s.id as "siteId", s.name as "siteName", s.city, s.end_date::text as "endDate",
          c.id as "clientId", c.name as "clientName"
          from ${sources.sites} as ending
          join sites s on s.id = ending.id
          join clients c on c.id = s.client_id
          order by s.end_date, c.name, s.name, s.id`,
      ),
    () =>
      rowsOf<CertificateRow>(
        db,
        sql`select es.employee_id as "employeeId", u.first_name as "firstName", u.last_name as "lastName",
          es.skill_id as "skillId", sk.name_fr as "nameFr", sk.name_en as "nameEn",
          es.expires_on::text as "expiresOn",
          exists (select 1 from order_skills os where os.order_id = o.id and os.skill_id = es.skill_id) as "requiredByOrder",
          o.id as "orderId", o.starts_on::text as "startsOn", o.ends_on::text as "endsOn",
          c.id as "clientId", c.name as "clientName", s.id as "siteId", s.name as "siteName"
          from ${sources.certificates} as es
          join users u on u.id = es.employee_id
          join skills sk on sk.id = es.skill_id
          join orders o on o.id = es.order_id
          join clients c on c.id = o.client_id
          join sites s on s.id = o.site_id
          order by es.expires_on, u.last_name, u.first_name, sk.name_fr, o.starts_on, o.id`,
      ),
  ]);
  const items: Alert[] = [
    ...refusalRows.map(
      (row): Alert => ({
        kind: 'timesheet_line_refused',
        date: row.workDate,
        timesheet: { id: row.timesheetId, weekStart: row.weekStart },
        entry: { id: row.entryId, minutes: row.minutes, reason: row.reason },
        employee: { id: row.employeeId, firstName: row.firstName, lastName: row.lastName },
        refusedBy: row.refusedBy,
        client: { id: row.clientId, name: row.clientName },
        site: { id: row.siteId, name: row.siteName },
      }),
    ),
    ...orderRows.map(
      (row): Alert => ({
        kind: 'order_unfilled',
        date: row.startsOn,
        order: {
          id: row.orderId,
          startsOn: row.startsOn,
          endsOn: row.endsOn,
          workersNeeded: row.workersNeeded,
          confirmed: row.confirmed,
          pending: row.pending,
        },
        client: { id: row.clientId, name: row.clientName },
        site: { id: row.siteId, name: row.siteName },
      }),
    ),
    ...siteRows.map(
      (row): Alert => ({
        kind: 'site_ending',
        date: row.endDate,
        client: { id: row.clientId, name: row.clientName },
        site: { id: row.siteId, name: row.siteName, city: row.city },
      }),
    ),
    ...certificateRows.map(
      (row): Alert => ({
        kind: 'certificate_expiring',
        date: row.expiresOn,
        employee: { id: row.employeeId, firstName: row.firstName, lastName: row.lastName },
        skill: { id: row.skillId, nameFr: row.nameFr, nameEn: row.nameEn },
        requiredByOrder: row.requiredByOrder,
        order: { id: row.orderId, startsOn: row.startsOn, endsOn: row.endsOn },
        client: { id: row.clientId, name: row.clientName },
        site: { id: row.siteId, name: row.siteName },
      }),
    ),
  ];
  return { ...window, numberOfAlerts: items.length, items };
}
