import type { Writable } from 'node:stream';
import type { ReportContext, ReportDefinition, ReportParams, ReportPreview } from '../definition.ts';
import { filterLine, throwIfAborted } from '../document/filters.ts';
import {
  type Content,
  type PdfColumn,
  pdfEmpty,
  pdfHeading,
  pdfTable,
  writeReportPdf,
} from '../document/pdf.ts';
import { reportWords, sortName } from '../document/texts.ts';
import { createWorkbook, finishWorkbook, ReportSheet, type XlsxColumn } from '../document/xlsx.ts';
import {
  addTotals,
  emptyTotals,
  type LedgerLine,
  type LedgerPerson,
  type LedgerSite,
  type LedgerTotals,
  loadHoursLedger,
} from '../hours-ledger.ts';
import { ledgerFilters } from './common.ts';

/**
 * 1. Employees hours summary (issue 28): per site, each employee's days worked, regular and
 * overtime hours, total and parking over the period; a subtotal per site, a grand total. Hours and
 * money from the hours ledger (the timesheet's rules: see hours-ledger.ts).
 */

export interface EmployeeHours extends LedgerTotals {
  employee: LedgerPerson;
  /** Days with accepted hours on this site in the period. */
  days: number;
}

export interface SiteHours {
  site: LedgerSite;
  employees: EmployeeHours[];
  totals: LedgerTotals & { days: number };
}

/** The ledger's lines gathered by site, then employee (their weeks added up), in name order. */
export function employeesHours(lines: readonly LedgerLine[]): SiteHours[] {
  const bySite = new Map<string, { site: LedgerSite; employees: Map<string, EmployeeHours> }>();
  for (const line of lines) {
    let site = bySite.get(line.site.id);
    if (!site) {
      site = { site: line.site, employees: new Map() };
      bySite.set(line.site.id, site);
    }
    let row = site.employees.get(line.employee.id);
    if (!row) {
      row = { employee: line.employee, days: 0, ...emptyTotals() };
      site.employees.set(line.employee.id, row);
    }
    addTotals(row, line);
    row.days += line.days.filter((day) => day.minutes > 0).length;
  }
  return [...bySite.values()].map(({ site, employees }) => {
    const list = [...employees.values()];
    const totals = { days: 0, ...emptyTotals() };
    for (const row of list) {
      addTotals(totals, row);
      totals.days += row.days;
    }
    return { site, employees: list, totals };
  });
}

export function grandTotal(sites: readonly SiteHours[]): LedgerTotals & { days: number } {
  const total = { days: 0, ...emptyTotals() };
  for (const site of sites) {
    addTotals(total, site.totals);
    total.days += site.totals.days;
  }
  return total;
}

const siteLabel = (site: LedgerSite) => `${site.name} (${site.client.name})`;

const words = {
  fr: { title: 'Sommaire des heures des employés', chart: 'Heures par chantier' },
  en: { title: 'Employees hours summary', chart: 'Hours by site' },
} as const;

async function load(ctx: ReportContext, params: ReportParams) {
  return employeesHours(await loadHoursLedger(ctx.db, ledgerFilters(params)));
}

const numbers = (row: LedgerTotals & { days: number }) => [
  row.days,
  row.regular,
  row.overtime,
  row.minutes,
  row.parkingCents,
];

async function preview(ctx: ReportContext, params: ReportParams): Promise<ReportPreview> {
  const w = reportWords(params.language);
  const sites = await load(ctx, params);
  const rows = sites.flatMap(({ site, employees }) =>
    employees.map((row) => ({
      site: siteLabel(site),
      employee: sortName(row.employee),
      number: row.employee.number,
      days: row.days,
      regular: row.regular,
      overtime: row.overtime,
      total: row.minutes,
      parking: row.parkingCents,
    })),
  );
  return {
    columns: [
      { key: 'site', label: w.site, kind: 'text' },
      { key: 'employee', label: w.employee, kind: 'text' },
      { key: 'number', label: w.number, kind: 'text' },
      { key: 'days', label: w.daysWorked, kind: 'number' },
      { key: 'regular', label: w.regular, kind: 'hours' },
      { key: 'overtime', label: w.overtime, kind: 'hours' },
      { key: 'total', label: w.total, kind: 'hours' },
      { key: 'parking', label: w.parking, kind: 'money' },
    ],
    rows: rows.slice(0, 50),
    rowCount: rows.length,
    chart: sites.length
      ? {
          kind: 'bar',
          labelKey: 'site',
          series: [
            { key: 'regular', label: w.regular },
            { key: 'overtime', label: w.overtime },
          ],
          // Hours as a number of hours, for the chart's axis.
          data: sites.map(({ site, totals }) => ({
            site: site.name,
            regular: totals.regular / 60,
            overtime: totals.overtime / 60,
          })),
        }
      : null,
  };
}

async function writePdf(
  sites: SiteHours[],
  params: ReportParams,
  filters: string | undefined,
  out: Writable,
) {
  const { language } = params;
  const w = reportWords(language);
  const columns: PdfColumn[] = [
    { label: w.employee, kind: 'text' },
    { label: w.number, kind: 'text', width: 60 },
    // The same widths in every site's table, so that their columns line up down the page.
    { label: w.daysWorked, kind: 'number', width: 62 },
    { label: w.regular, kind: 'hours', width: 58 },
    { label: w.overtime, kind: 'hours', width: 70 },
    { label: w.total, kind: 'hours', width: 50 },
    { label: w.parking, kind: 'money', width: 66 },
  ];
  const content: Content[] = [];
  for (const { site, employees, totals } of sites) {
    content.push(pdfHeading(siteLabel(site)));
    content.push(
      pdfTable(
        columns,
        [
          ...employees.map((row) => ({
            cells: [sortName(row.employee), row.employee.number, ...numbers(row)],
          })),
          { cells: [w.subtotal(site.name), '', ...numbers(totals)], emphasis: true },
        ],
        language,
      ),
    );
  }
  if (sites.length) {
    content.push(pdfHeading(w.grandTotal));
    content.push(
      pdfTable(
        columns,
        [{ cells: [w.grandTotal, '', ...numbers(grandTotal(sites))], emphasis: true }],
        language,
      ),
    );
  } else content.push(pdfEmpty(language));
  await writeReportPdf({ title: words[language].title, params, landscape: false, filters, content }, out);
}

async function writeXlsx(
  sites: SiteHours[],
  params: ReportParams,
  filters: string | undefined,
  out: Writable,
  signal: AbortSignal,
) {
  const { language } = params;
  const w = reportWords(language);
  const columns: XlsxColumn[] = [
    { label: w.site, kind: 'text', width: 28 },
    { label: w.client, kind: 'text', width: 24 },
    { label: w.employee, kind: 'text', width: 28 },
    { label: w.number, kind: 'text', width: 12 },
    { label: w.daysWorked, kind: 'number' },
    { label: w.regular, kind: 'hours' },
    { label: w.overtime, kind: 'hours' },
    { label: w.total, kind: 'hours' },
    { label: w.parking, kind: 'money' },
  ];
  const book = createWorkbook(out);
  const sheet = new ReportSheet(book, words[language].title.slice(0, 31), columns, {
    title: words[language].title,
    params,
    lines: filters ? [filters] : [],
  });
  if (sites.length === 0) sheet.note(w.empty);
  let index = 0;
  for (const { site, employees, totals } of sites) {
    let first = 0;
    let last = 0;
    for (const row of employees) {
      last = sheet.row([
        site.name,
        site.client.name,
        sortName(row.employee),
        row.employee.number,
        ...numbers(row),
      ]);
      if (!first) first = last;
      if (++index % 500 === 0) throwIfAborted(signal);
    }
    sheet.totalRow([site.name, site.client.name, w.subtotal(site.name), ''], { from: first, to: last }, [
      '',
      '',
      '',
      '',
      ...numbers(totals),
    ]);
  }
  if (sites.length) {
    sheet.totalRow([w.grandTotal, '', '', ''], { from: sheet.firstRow, to: sheet.lastRow }, [
      '',
      '',
      '',
      '',
      ...numbers(grandTotal(sites)),
    ]);
  }
  sheet.commit();
  await finishWorkbook(book);
}

export const employeesHoursReport: ReportDefinition = {
  type: 'employees-hours',
  formats: ['pdf', 'xlsx'],
  filters: ['client', 'site', 'supervisor', 'employee'],
  fileStem: { fr: 'heures-employes', en: 'employee-hours' },
  title: { fr: words.fr.title, en: words.en.title },
  preview,
  async write(ctx, params, format, out) {
    const [sites, filters] = await Promise.all([load(ctx, params), filterLine(ctx.db, params)]);
    throwIfAborted(ctx.signal);
    if (format === 'pdf') await writePdf(sites, params, filters, out);
    else await writeXlsx(sites, params, filters, out, ctx.signal);
  },
};
