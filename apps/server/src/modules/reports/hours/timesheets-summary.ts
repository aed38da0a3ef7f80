import type { Writable } from 'node:stream';
import { payWeekStart } from '@brigade/shared';
import { addDays } from '../../../lib/calendar.ts';
import type { ReportContext, ReportDefinition, ReportParams, ReportPreview } from '../definition.ts';
import { filterLine, throwIfAborted } from '../document/filters.ts';
import { type Content, type PdfColumn, pdfEmpty, pdfTable, writeReportPdf } from '../document/pdf.ts';
import { momentText, reportWords, sortByTexts, sortName } from '../document/texts.ts';
import { createWorkbook, finishWorkbook, ReportSheet, sheetName, type XlsxColumn } from '../document/xlsx.ts';
import {
  addTotals,
  emptyTotals,
  type LedgerLine,
  type LedgerSite,
  type LedgerTimesheet,
  type LedgerTotals,
  loadHoursLedger,
} from '../hours-ledger.ts';
import { ledgerFilters } from './common.ts';

/**
 * 5. Timesheets summary worksheet (issue 28): every site's weekly timesheet of the period — its
 * status (no timesheet yet, draft, sent, reopened, approved), workers, hours, parking, who approved
 * it and when. The pay weeks the period touches are taken whole (a timesheet is a whole week), so
 * its hours are the timesheet's own. In Excel, a summary sheet and one sheet per site (each
 * worker's week). A supervisor gets it for their own sites only (policy.ts, service.ts).
 */

export interface SheetWeek extends LedgerTotals {
  site: LedgerSite;
  weekStart: string;
  timesheet: LedgerTimesheet | null;
  lines: LedgerLine[];
}

/** The ledger's lines by site and week, in site then week order. */
export function sheetWeeks(lines: readonly LedgerLine[]): SheetWeek[] {
  const byKey = new Map<string, SheetWeek>();
  for (const line of lines) {
    const key = `${line.site.id}|${line.weekStart}`;
    let week = byKey.get(key);
    if (!week) {
      week = {
        site: line.site,
        weekStart: line.weekStart,
        timesheet: line.timesheet,
        lines: [],
        ...emptyTotals(),
      };
      byKey.set(key, week);
    }
    week.lines.push(line);
    addTotals(week, line);
  }
  return sortByTexts([...byKey.values()], (week) => [
    week.site.client.name,
    week.site.name,
    week.site.id,
    week.weekStart,
  ]);
}

const words = {
  fr: {
    title: 'Sommaire des feuilles de temps',
    workers: 'Travailleurs',
    sentAt: 'Envoyée le',
    approvedBy: 'Approuvée par',
    approvedAt: 'Approuvée le',
    chart: 'Heures par chantier',
  },
  en: {
    title: 'Timesheets summary',
    workers: 'Workers',
    sentAt: 'Sent on',
    approvedBy: 'Approved by',
    approvedAt: 'Approved on',
    chart: 'Hours by site',
  },
} as const;

/** The whole pay weeks the period touches. */
const wholeWeeks = (params: ReportParams): ReportParams => ({
  ...params,
  from: payWeekStart(params.from),
  to: addDays(payWeekStart(params.to), 6),
});

async function load(ctx: ReportContext, params: ReportParams) {
  return sheetWeeks(await loadHoursLedger(ctx.db, ledgerFilters(wholeWeeks(params))));
}

const status = (week: SheetWeek, params: ReportParams) =>
  reportWords(params.language).timesheetStatus[week.timesheet?.status ?? 'none'];
const moment = (at: string | null | undefined, params: ReportParams) =>
  at ? momentText(at, params.language) : '';

async function preview(ctx: ReportContext, params: ReportParams): Promise<ReportPreview> {
  const w = reportWords(params.language);
  const own = words[params.language];
  const weeks = await load(ctx, params);
  const rows = weeks.map((week) => ({
    site: week.site.name,
    client: week.site.client.name,
    week: week.weekStart,
    status: status(week, params),
    workers: week.lines.length,
    regular: week.regular,
    overtime: week.overtime,
    total: week.minutes,
    parking: week.parkingCents,
    approvedBy: week.timesheet?.approvedByName ?? null,
    approvedAt: week.timesheet?.approvedAt ? moment(week.timesheet.approvedAt, params) : null,
  }));
  const bySite = new Map<string, { site: string; regular: number; overtime: number }>();
  for (const week of weeks) {
    const point = bySite.get(week.site.id) ?? { site: week.site.name, regular: 0, overtime: 0 };
    point.regular += week.regular / 60;
    point.overtime += week.overtime / 60;
    bySite.set(week.site.id, point);
  }
  return {
    columns: [
      { key: 'site', label: w.site, kind: 'text' },
      { key: 'client', label: w.client, kind: 'text' },
      { key: 'week', label: w.week, kind: 'date' },
      { key: 'status', label: w.status, kind: 'text' },
      { key: 'workers', label: own.workers, kind: 'number' },
      { key: 'regular', label: w.regular, kind: 'hours' },
      { key: 'overtime', label: w.overtime, kind: 'hours' },
      { key: 'total', label: w.total, kind: 'hours' },
      { key: 'parking', label: w.parking, kind: 'money' },
      { key: 'approvedBy', label: own.approvedBy, kind: 'text' },
      { key: 'approvedAt', label: own.approvedAt, kind: 'text' },
    ],
    rows: rows.slice(0, 50),
    rowCount: rows.length,
    chart: bySite.size
      ? {
          kind: 'bar',
          labelKey: 'site',
          series: [
            { key: 'regular', label: w.regular },
            { key: 'overtime', label: w.overtime },
          ],
          data: [...bySite.values()],
        }
      : null,
  };
}

const totals = (row: LedgerTotals) => [row.regular, row.overtime, row.minutes, row.parkingCents];

async function writePdf(
  weeks: SheetWeek[],
  params: ReportParams,
  filters: string | undefined,
  out: Writable,
) {
  const { language } = params;
  const w = reportWords(language);
  const own = words[language];
  const columns: PdfColumn[] = [
    { label: w.site, kind: 'text' },
    { label: w.client, kind: 'text' },
    { label: w.week, kind: 'date', width: 'auto' },
    { label: w.status, kind: 'text', width: 'auto' },
    { label: own.workers, kind: 'number' },
    { label: w.regular, kind: 'hours' },
    { label: w.overtime, kind: 'hours' },
    { label: w.total, kind: 'hours' },
    { label: w.parking, kind: 'money' },
    { label: own.approvedBy, kind: 'text', width: 'auto' },
    { label: own.approvedAt, kind: 'text', width: 'auto' },
  ];
  const grand = emptyTotals();
  for (const week of weeks) addTotals(grand, week);
  const content: Content[] = weeks.length
    ? [
        pdfTable(
          columns,
          [
            ...weeks.map((week) => ({
              cells: [
                week.site.name,
                week.site.client.name,
                week.weekStart,
                status(week, params),
                week.lines.length,
                ...totals(week),
                week.timesheet?.approvedByName ?? '',
                moment(week.timesheet?.approvedAt, params),
              ],
            })),
            {
              cells: [
                w.grandTotal,
                '',
                '',
                '',
                weeks.reduce((sum, week) => sum + week.lines.length, 0),
                ...totals(grand),
                '',
                '',
              ],
              emphasis: true,
            },
          ],
          language,
        ),
      ]
    : [pdfEmpty(language)];
  await writeReportPdf(
    { title: own.title, params: wholeWeeks(params), landscape: true, filters, content },
    out,
  );
}

async function writeXlsx(
  weeks: SheetWeek[],
  params: ReportParams,
  filters: string | undefined,
  out: Writable,
  signal: AbortSignal,
) {
  const { language } = params;
  const w = reportWords(language);
  const own = words[language];
  const shown = wholeWeeks(params);
  const head = { params: shown, lines: filters ? [filters] : [] };
  const book = createWorkbook(out);
  const used = new Set<string>();
  // The summary sheet first: one line per site and week.
  const summary = new ReportSheet(
    book,
    sheetName(w.summary, used),
    [
      { label: w.site, kind: 'text', width: 28 },
      { label: w.client, kind: 'text', width: 24 },
      { label: w.week, kind: 'date' },
      { label: w.status, kind: 'text', width: 14 },
      { label: own.workers, kind: 'number' },
      { label: w.regular, kind: 'hours' },
      { label: w.overtime, kind: 'hours' },
      { label: w.total, kind: 'hours' },
      { label: w.parking, kind: 'money' },
      { label: own.sentAt, kind: 'text', width: 22 },
      { label: own.approvedBy, kind: 'text', width: 22 },
      { label: own.approvedAt, kind: 'text', width: 22 },
    ],
    { title: own.title, ...head },
  );
  if (weeks.length === 0) summary.note(w.empty);
  for (const week of weeks) {
    summary.row([
      week.site.name,
      week.site.client.name,
      week.weekStart,
      status(week, params),
      week.lines.length,
      ...totals(week),
      moment(week.timesheet?.sentAt, params),
      week.timesheet?.approvedByName ?? '',
      moment(week.timesheet?.approvedAt, params),
    ]);
  }
  if (weeks.length) {
    const grand = emptyTotals();
    for (const week of weeks) addTotals(grand, week);
    summary.totalRow([w.grandTotal], { from: summary.firstRow, to: summary.lastRow }, [
      '',
      '',
      '',
      '',
      weeks.reduce((sum, week) => sum + week.lines.length, 0),
      ...totals(grand),
    ]);
  }
  summary.commit();
  // Then one sheet per site: each worker's week, the site's total.
  const siteColumns: XlsxColumn[] = [
    { label: w.week, kind: 'date' },
    { label: w.status, kind: 'text', width: 14 },
    { label: w.employee, kind: 'text', width: 28 },
    { label: w.number, kind: 'text', width: 12 },
    { label: w.daysWorked, kind: 'number' },
    { label: w.regular, kind: 'hours' },
    { label: w.overtime, kind: 'hours' },
    { label: w.total, kind: 'hours' },
    { label: w.parking, kind: 'money' },
  ];
  for (let index = 0; index < weeks.length; ) {
    const site = (weeks[index] as SheetWeek).site;
    const sheet = new ReportSheet(book, sheetName(site.name, used), siteColumns, {
      title: `${own.title} — ${site.name} (${site.client.name})`,
      ...head,
    });
    const sum = { days: 0, ...emptyTotals() };
    for (; index < weeks.length && (weeks[index] as SheetWeek).site.id === site.id; index++) {
      const week = weeks[index] as SheetWeek;
      for (const line of week.lines) {
        const days = line.days.filter((day) => day.minutes > 0).length;
        sheet.row([
          week.weekStart,
          status(week, params),
          sortName(line.employee),
          line.employee.number,
          days,
          ...totals(line),
        ]);
        addTotals(sum, line);
        sum.days += days;
      }
    }
    sheet.totalRow([w.total], { from: sheet.firstRow, to: sheet.lastRow }, [
      '',
      '',
      '',
      '',
      sum.days,
      ...totals(sum),
    ]);
    sheet.commit();
    throwIfAborted(signal);
  }
  await finishWorkbook(book);
}

export const timesheetsSummaryReport: ReportDefinition = {
  type: 'timesheets-summary',
  formats: ['pdf', 'xlsx'],
  filters: ['client', 'site', 'supervisor'],
  fileStem: { fr: 'sommaire-feuilles-de-temps', en: 'timesheets-summary' },
  title: { fr: words.fr.title, en: words.en.title },
  preview,
  async write(ctx, params, format, out) {
    const [weeks, filters] = await Promise.all([load(ctx, params), filterLine(ctx.db, params)]);
    throwIfAborted(ctx.signal);
    if (format === 'pdf') await writePdf(weeks, params, filters, out);
    else await writeXlsx(weeks, params, filters, out, ctx.signal);
  },
};
