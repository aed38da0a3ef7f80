import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake';
import type { Executor } from '../../../db/client.ts';
import { jsonRows } from '../../../lib/executor.ts';
import type { ReportDefinition, ReportParams } from '../definition.ts';
import {
  addRow,
  closeBook,
  commonWords,
  headerRow,
  hoursText,
  openBook,
  pdfEmpty,
  pdfTable,
  subtotal,
  tableSheet,
  withFiltersText,
  writePdf,
} from '../parking/document.ts';
import { siteFilters } from './filters.ts';
import { ordersWords } from './texts.ts';

export interface SupervisorLine {
  supervisorId: string;
  firstName: string;
  lastName: string;
  company: string | null;
  sites: string[];
  orders: number;
  sent: number;
  approved: number;
  waiting: number;
  /** From a sheet's last sending to its approval, on average, in minutes; null when none was approved. */
  averageApprovalMinutes: number | null;
}

/**
 * Each supervisor with sites (those the filters keep): their sites, the orders on them in the
 * period, and the timesheets of the period's weeks on them — sent, approved, waiting — with the
 * average time from a sheet's sending to its approval (timesheet events).
 */
export async function supervisorLines(db: Executor, params: ReportParams): Promise<SupervisorLine[]> {
  const theirSites = sql`(select ss.site_id from site_supervisors ss join sites s on s.id = ss.site_id
    where ss.supervisor_id = u.id and ${siteFilters(params)})`;
  const sheets = sql`timesheets t where t.site_id in ${theirSites}
    and t.week_start <= ${params.to}::date and t.week_start + 6 >= ${params.from}::date`;
  const query = sql`
    select u.id as "supervisorId", u.first_name as "firstName", u.last_name as "lastName", c.name as "company",
      (select coalesce(json_agg(s.name order by s.name), '[]'::json) from sites s where s.id in ${theirSites}) as "sites",
      (select count(*)::int from orders o where o.site_id in ${theirSites} and o.cancelled_at is null
         and o.starts_on <= ${params.to}::date and o.ends_on >= ${params.from}::date) as "orders",
      (select count(*)::int from ${sheets} and t.sent_at is not null) as "sent",
      (select count(*)::int from ${sheets} and t.status = 'approved') as "approved",
      (select count(*)::int from ${sheets} and t.sent_at is not null and t.status in ('sent', 'reopened')) as "waiting",
      (select round(avg(extract(epoch from (a.at - (
          select max(e.at) from timesheet_events e
          where e.timesheet_id = a.timesheet_id and e.kind = 'sent' and e.at <= a.at))) / 60))::int
        from timesheet_events a where a.kind = 'approved' and a.timesheet_id in (select t.id from ${sheets})
      ) as "averageApprovalMinutes",
      row_number() over (order by u.last_name, u.first_name, u.id) as "_rank"
    from users u left join clients c on c.id = u.client_id
    where u.role = 'supervisor' and exists (select 1 from site_supervisors x where x.supervisor_id = u.id
      and x.site_id in ${theirSites})`;
  return jsonRows<SupervisorLine>(db, query, { ordered: true });
}

const title = { fr: 'Sommaire des commandes par superviseur', en: 'Supervisors orders summary' };
const name = (line: SupervisorLine) => `${line.lastName}, ${line.firstName}`;

async function writeXlsx(params: ReportParams, lines: SupervisorLine[], out: Writable) {
  const w = ordersWords(params.language);
  const words = commonWords(params.language);
  const book = openBook(out);
  const ws = tableSheet(book, params, w.supervisorsSheet, title[params.language], [
    { label: w.supervisor, kind: 'text', width: 26 },
    { label: w.company, kind: 'text', width: 24 },
    { label: w.sites, kind: 'text', width: 40 },
    { label: w.orders, kind: 'number', width: 12 },
    { label: w.sent, kind: 'number', width: 14 },
    { label: w.approved, kind: 'number', width: 12 },
    { label: w.waiting, kind: 'number', width: 12 },
    { label: w.averageApproval, kind: 'hours', width: 16 },
  ]);
  if (lines.length === 0) addRow(ws, [words.empty]);
  const first = headerRow + 1;
  let last = headerRow;
  for (const line of lines)
    last = addRow(ws, [
      name(line),
      line.company,
      line.sites.join(', '),
      line.orders,
      line.sent,
      line.approved,
      line.waiting,
      line.averageApprovalMinutes === null ? null : line.averageApprovalMinutes / 60,
    ]);
  if (lines.length > 0) {
    const sum = (key: 'orders' | 'sent' | 'approved' | 'waiting') =>
      lines.reduce((total, line) => total + line[key], 0);
    addRow(
      ws,
      [
        words.total,
        null,
        null,
        subtotal(4, first, last, sum('orders')),
        subtotal(5, first, last, sum('sent')),
        subtotal(6, first, last, sum('approved')),
        subtotal(7, first, last, sum('waiting')),
      ],
      { bold: true },
    );
  }
  addRow(ws, []);
  addRow(ws, [w.approvalNote]);
  ws.commit();
  await closeBook(book, out);
}

function pdfContent(params: ReportParams, lines: SupervisorLine[]): Content[] {
  const { language } = params;
  const w = ordersWords(language);
  if (lines.length === 0) return [pdfEmpty(language)];
  const sum = (key: 'orders' | 'sent' | 'approved' | 'waiting') =>
    String(lines.reduce((total, line) => total + line[key], 0));
  const rows: TableCell[][] = lines.map((line) => [
    name(line),
    line.company ?? '',
    line.sites.join(', '),
    String(line.orders),
    String(line.sent),
    String(line.approved),
    String(line.waiting),
    line.averageApprovalMinutes === null ? '' : hoursText(line.averageApprovalMinutes, language),
  ]);
  rows.push([
    commonWords(language).total,
    '',
    '',
    sum('orders'),
    sum('sent'),
    sum('approved'),
    sum('waiting'),
    '',
  ]);
  const numeric = (label: string) => ({ label, align: 'right' as const, width: 58 });
  return [
    pdfTable(
      [
        { label: w.supervisor, width: 110 },
        { label: w.company, width: 100 },
        { label: w.sites, width: '*' },
        numeric(w.orders),
        numeric(w.sent),
        numeric(w.approved),
        numeric(w.waiting),
        numeric(w.averageApproval),
      ],
      rows,
      { boldRows: new Set([rows.length - 1]) },
    ),
    { text: w.approvalNote, color: '#475467', margin: [0, 4, 0, 0] },
  ];
}

/** Report 8: per supervisor, their sites, orders, timesheets sent / approved / waiting, average time to approve. */
export const supervisorsOrdersSummaryReport: ReportDefinition = {
  type: 'supervisors-orders-summary',
  formats: ['pdf', 'xlsx'],
  filters: ['client', 'site', 'supervisor'],
  fileStem: { fr: 'sommaire-commandes-superviseurs', en: 'supervisors-orders-summary' },
  title,
  async preview(ctx, params) {
    const w = ordersWords(params.language);
    const lines = await supervisorLines(ctx.db, params);
    return {
      columns: [
        { key: 'supervisor', label: w.supervisor, kind: 'text' },
        { key: 'company', label: w.company, kind: 'text' },
        { key: 'sites', label: w.sites, kind: 'text' },
        { key: 'orders', label: w.orders, kind: 'number' },
        { key: 'sent', label: w.sent, kind: 'number' },
        { key: 'approved', label: w.approved, kind: 'number' },
        { key: 'waiting', label: w.waiting, kind: 'number' },
        { key: 'averageApproval', label: w.averageApproval, kind: 'hours' },
      ],
      rows: lines.slice(0, 20).map((line) => ({
        supervisor: name(line),
        company: line.company,
        sites: line.sites.join(', '),
        orders: line.orders,
        sent: line.sent,
        approved: line.approved,
        waiting: line.waiting,
        averageApproval: line.averageApprovalMinutes,
      })),
      rowCount: lines.length,
      chart: lines.some((line) => line.sent > 0)
        ? {
            kind: 'bar',
            labelKey: 'supervisor',
            series: [
              { key: 'sent', label: w.sent },
              { key: 'approved', label: w.approved },
              { key: 'waiting', label: w.waiting },
            ],
            data: lines.map((line) => ({
              supervisor: name(line),
              sent: line.sent,
              approved: line.approved,
              waiting: line.waiting,
            })),
          }
        : null,
    };
  },
  async write(ctx, asked, format, out) {
    const params = await withFiltersText(ctx.db, asked);
    const lines = await supervisorLines(ctx.db, params);
    if (format === 'xlsx') return writeXlsx(params, lines, out);
    await writePdf(out, params, {
      title: title[params.language],
      landscape: true,
      content: pdfContent(params, lines),
    });
  },
};
