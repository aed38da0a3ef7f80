import type { Writable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake';
import type { Executor } from '../../../db/client.ts';
import { jsonRows } from '../../../lib/executor.ts';
import type { ReportDefinition, ReportParams } from '../definition.ts';
import {
  addRow,
  closeBook,
  columnLetter,
  commonWords,
  dateText,
  excelDate,
  headerRow,
  hoursText,
  openBook,
  pdfEmpty,
  pdfHeading,
  pdfTable,
  percentText,
  subtotal,
  tableSheet,
  withFiltersText,
  writePdf,
} from '../parking/document.ts';
import { siteFilters } from './filters.ts';
import { ordersWords } from './texts.ts';

export interface SiteOrdersDay {
  siteId: string;
  day: string;
  ordered: number;
  confirmed: number;
}

export interface SiteOrdersLine {
  siteId: string;
  siteName: string;
  clientName: string;
  orders: number;
  openPlaces: number;
  minutes: number;
  /** Worker-days of the period: asked for, and confirmed (at most as many as asked, per order). */
  ordered: number;
  confirmed: number;
  days: SiteOrdersDay[];
}

/** An order on the period's days: not cancelled, overlapping it. */
const liveInPeriod = (params: ReportParams) =>
  sql`o.cancelled_at is null and o.starts_on <= ${params.to}::date and o.ends_on >= ${params.from}::date`;

const confirmedOf = sql`(select count(*)::int from assignations a where a.order_id = o.id and a.status = 'confirmed')`;

/**
 * Each site with orders or hours in the period: its orders, the places still open on them, the
 * hours logged (refused lines left out), and per working day of its orders the workers ordered and
 * confirmed.
 */
export async function sitesOrders(db: Executor, params: ReportParams): Promise<SiteOrdersLine[]> {
  const where: SQL = siteFilters(params);
  const sitesQuery = sql`
    select s.id as "siteId", s.name as "siteName", c.name as "clientName",
      (select count(*)::int from orders o where o.site_id = s.id and ${liveInPeriod(params)}) as "orders",
      (select coalesce(sum(greatest(o.workers_needed - ${confirmedOf}, 0)), 0)::int
         from orders o where o.site_id = s.id and ${liveInPeriod(params)}) as "openPlaces",
      (select coalesce(sum(e.minutes), 0)::int from time_entries e
         where e.site_id = s.id and e.work_date between ${params.from}::date and ${params.to}::date
           and e.rejected_at is null) as "minutes",
      row_number() over (order by c.name, s.name, s.id) as "_rank"
    from sites s join clients c on c.id = s.client_id
    where ${where} and (
      exists (select 1 from orders o where o.site_id = s.id and ${liveInPeriod(params)})
      or exists (select 1 from time_entries e where e.site_id = s.id
        and e.work_date between ${params.from}::date and ${params.to}::date and e.rejected_at is null))`;
  const daysQuery = sql`
    select o.site_id as "siteId", to_char(d, 'YYYY-MM-DD') as "day",
      sum(o.workers_needed)::int as "ordered", sum(least(${confirmedOf}, o.workers_needed))::int as "confirmed",
      row_number() over (order by o.site_id, d) as "_rank"
    from orders o join sites s on s.id = o.site_id
    cross join lateral generate_series(greatest(o.starts_on, ${params.from}::date),
      least(o.ends_on, ${params.to}::date), interval '1 day') d
    where ${where} and ${liveInPeriod(params)} and (o.include_weekends or extract(isodow from d) < 6)
    group by o.site_id, d`;
  const lines = await jsonRows<Omit<SiteOrdersLine, 'ordered' | 'confirmed' | 'days'>>(db, sitesQuery, {
    ordered: true,
  });
  const days = await jsonRows<SiteOrdersDay>(db, daysQuery, { ordered: true });
  const bySite = new Map<string, SiteOrdersDay[]>();
  for (const day of days) bySite.set(day.siteId, [...(bySite.get(day.siteId) ?? []), day]);
  return lines.map((line) => {
    const own = bySite.get(line.siteId) ?? [];
    return {
      ...line,
      ordered: own.reduce((sum, day) => sum + day.ordered, 0),
      confirmed: own.reduce((sum, day) => sum + day.confirmed, 0),
      days: own,
    };
  });
}

const coverage = (line: { ordered: number; confirmed: number }) =>
  line.ordered ? line.confirmed / line.ordered : null;

const title = { fr: 'Sommaire des commandes par chantier', en: 'Sites orders summary' };

async function writeXlsx(params: ReportParams, lines: SiteOrdersLine[], out: Writable) {
  const w = ordersWords(params.language);
  const words = commonWords(params.language);
  const book = openBook(out);
  const ws = tableSheet(book, params, w.summarySheet, title[params.language], [
    { label: w.client, kind: 'text', width: 24 },
    { label: w.site, kind: 'text', width: 28 },
    { label: w.orders, kind: 'number', width: 12 },
    { label: w.ordered, kind: 'number', width: 14 },
    { label: w.confirmed, kind: 'number', width: 14 },
    { label: w.coverage, kind: 'percent', width: 12 },
    { label: w.hours, kind: 'hours', width: 14 },
    { label: w.openPlaces, kind: 'number', width: 14 },
  ]);
  if (lines.length === 0) addRow(ws, [words.empty]);
  const first = headerRow + 1;
  let last = headerRow;
  for (const line of lines) {
    const row = last + 1;
    last = addRow(ws, [
      line.clientName,
      line.siteName,
      line.orders,
      line.ordered,
      line.confirmed,
      line.ordered ? { formula: `IF(D${row}=0,"",E${row}/D${row})`, result: coverage(line) } : null,
      line.minutes / 60,
      line.openPlaces,
    ]);
  }
  if (lines.length > 0) {
    const sum = (key: 'orders' | 'ordered' | 'confirmed' | 'openPlaces' | 'minutes') =>
      lines.reduce((total, line) => total + line[key], 0);
    const row = last + 1;
    const totals = { ordered: sum('ordered'), confirmed: sum('confirmed') };
    addRow(
      ws,
      [
        words.total,
        null,
        subtotal(3, first, last, sum('orders')),
        subtotal(4, first, last, totals.ordered),
        subtotal(5, first, last, totals.confirmed),
        { formula: `IF(D${row}=0,"",E${row}/D${row})`, result: coverage(totals) ?? '' },
        subtotal(7, first, last, sum('minutes') / 60),
        subtotal(8, first, last, sum('openPlaces')),
      ],
      { bold: true },
    );
  }
  addRow(ws, []);
  addRow(ws, [w.orderedNote]);
  ws.commit();

  const perDay = tableSheet(book, params, w.perDaySheet, `${title[params.language]} — ${w.perDay}`, [
    { label: w.client, kind: 'text', width: 24 },
    { label: w.site, kind: 'text', width: 28 },
    { label: w.date, kind: 'date', width: 12 },
    { label: w.orderedShort, kind: 'number', width: 12 },
    { label: w.confirmedShort, kind: 'number', width: 12 },
    { label: w.coverage, kind: 'percent', width: 12 },
  ]);
  const dayLines = lines.flatMap((line) => line.days.map((day) => ({ line, day })));
  if (dayLines.length === 0) addRow(perDay, [words.empty]);
  let row = headerRow;
  for (const { line, day } of dayLines) {
    row += 1;
    addRow(perDay, [
      line.clientName,
      line.siteName,
      excelDate(day.day),
      day.ordered,
      day.confirmed,
      { formula: `IF(${columnLetter(4)}${row}=0,"",E${row}/D${row})`, result: coverage(day) ?? '' },
    ]);
  }
  perDay.commit();
  await closeBook(book, out);
}

function pdfContent(params: ReportParams, lines: SiteOrdersLine[]): Content[] {
  const { language } = params;
  const w = ordersWords(language);
  const words = commonWords(language);
  if (lines.length === 0) return [pdfEmpty(language)];
  const percent = (line: { ordered: number; confirmed: number }) => {
    const ratio = coverage(line);
    return ratio === null ? '' : percentText(ratio, language);
  };
  const sum = (key: 'orders' | 'ordered' | 'confirmed' | 'openPlaces' | 'minutes') =>
    lines.reduce((total, line) => total + line[key], 0);
  const totals = { ordered: sum('ordered'), confirmed: sum('confirmed') };
  const rows: TableCell[][] = lines.map((line) => [
    line.clientName,
    line.siteName,
    String(line.orders),
    String(line.ordered),
    String(line.confirmed),
    percent(line),
    hoursText(line.minutes, language),
    String(line.openPlaces),
  ]);
  rows.push([
    words.total,
    '',
    String(sum('orders')),
    String(totals.ordered),
    String(totals.confirmed),
    percent(totals),
    hoursText(sum('minutes'), language),
    String(sum('openPlaces')),
  ]);
  const numeric = (label: string) => ({ label, align: 'right' as const, width: 62 });
  const dayRows: TableCell[][] = lines.flatMap((line) =>
    line.days.map((day) => [
      `${line.clientName} — ${line.siteName}`,
      dateText(day.day, language),
      String(day.ordered),
      String(day.confirmed),
      percent(day),
    ]),
  );
  return [
    pdfTable(
      [
        { label: w.client, width: '*' },
        { label: w.site, width: '*' },
        numeric(w.orders),
        numeric(w.ordered),
        numeric(w.confirmed),
        numeric(w.coverage),
        numeric(w.hours),
        numeric(w.openPlaces),
      ],
      rows,
      { boldRows: new Set([rows.length - 1]) },
    ),
    { text: w.orderedNote, color: '#475467', margin: [0, 4, 0, 0] },
    pdfHeading(w.perDay),
    dayRows.length === 0
      ? pdfEmpty(language)
      : pdfTable(
          [
            { label: w.site, width: '*' },
            { label: w.date, width: 90 },
            numeric(w.orderedShort),
            numeric(w.confirmedShort),
            numeric(w.coverage),
          ],
          dayRows,
        ),
  ];
}

/** Report 7: per site, its orders, workers ordered vs confirmed per day, coverage, hours logged, open places. */
export const sitesOrdersSummaryReport: ReportDefinition = {
  type: 'sites-orders-summary',
  formats: ['pdf', 'xlsx'],
  filters: ['client', 'site', 'supervisor'],
  fileStem: { fr: 'sommaire-commandes-chantiers', en: 'sites-orders-summary' },
  title,
  async preview(ctx, params) {
    const w = ordersWords(params.language);
    const lines = await sitesOrders(ctx.db, params);
    return {
      columns: [
        { key: 'client', label: w.client, kind: 'text' },
        { key: 'site', label: w.site, kind: 'text' },
        { key: 'orders', label: w.orders, kind: 'number' },
        { key: 'ordered', label: w.ordered, kind: 'number' },
        { key: 'confirmed', label: w.confirmed, kind: 'number' },
        { key: 'coverage', label: w.coverage, kind: 'percent' },
        { key: 'hours', label: w.hours, kind: 'hours' },
        { key: 'openPlaces', label: w.openPlaces, kind: 'number' },
      ],
      rows: lines.slice(0, 20).map((line) => ({
        client: line.clientName,
        site: line.siteName,
        orders: line.orders,
        ordered: line.ordered,
        confirmed: line.confirmed,
        coverage: coverage(line),
        hours: line.minutes,
        openPlaces: line.openPlaces,
      })),
      rowCount: lines.length,
      chart:
        lines.length === 0
          ? null
          : {
              kind: 'bar',
              labelKey: 'site',
              series: [
                { key: 'ordered', label: w.orderedShort },
                { key: 'confirmed', label: w.confirmedShort },
              ],
              data: lines.map((line) => ({
                site: line.siteName,
                ordered: line.ordered,
                confirmed: line.confirmed,
              })),
            },
    };
  },
  async write(ctx, asked, format, out) {
    const params = await withFiltersText(ctx.db, asked);
    const lines = await sitesOrders(ctx.db, params);
    if (format === 'xlsx') return writeXlsx(params, lines, out);
    await writePdf(out, params, {
      title: title[params.language],
      landscape: true,
      content: pdfContent(params, lines),
    });
  },
};
