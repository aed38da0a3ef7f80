import type { Writable } from 'node:stream';
import type { Language } from '@brigade/shared';
import type { Content, TableCell } from 'pdfmake';
import type { ReportContext, ReportDefinition, ReportParams, ReportPreview } from '../definition.ts';
import {
  addRow,
  closeBook,
  commonWords,
  dateText,
  excelDate,
  headerRow,
  money,
  openBook,
  pdfEmpty,
  pdfHeading,
  pdfTable,
  subtotal,
  tableSheet,
  withFiltersText,
  writePdf,
} from './document.ts';
import { employeeName, type ParkingEntry, parkingEntries } from './entries.ts';
import { parkingBySiteChart } from './parking-photos.ts';
import { parkingWords } from './texts.ts';

/** One day of a site's (or a worker's) parking. */
export interface FeeDay {
  date: string;
  cents: number;
  /** Entries with parking paid. */
  entries: number;
  /** Receipts' photos. */
  receipts: number;
  /** Entries with parking paid and no photo. */
  withoutPhoto: number;
}

export interface FeeGroup {
  key: string;
  label: string;
  /** The site's client, or the worker's number. */
  detail: string;
  days: FeeDay[];
  total: Omit<FeeDay, 'date'>;
}

const zero = () => ({ cents: 0, entries: 0, receipts: 0, withoutPhoto: 0 });

function add(into: Omit<FeeDay, 'date'>, entry: ParkingEntry) {
  into.cents += entry.parkingCents;
  into.entries += entry.parkingCents > 0 ? 1 : 0;
  into.receipts += entry.photos.length;
  into.withoutPhoto += entry.parkingCents > 0 && entry.photos.length === 0 ? 1 : 0;
}

/** The entries (already in the group's order, then by day) gathered per site or worker, per day. */
export function feeGroups(entries: ParkingEntry[], by: 'site' | 'employee'): FeeGroup[] {
  const groups: FeeGroup[] = [];
  for (const entry of entries) {
    const key = by === 'site' ? entry.siteId : entry.employeeId;
    let group = groups.at(-1);
    if (group?.key !== key) {
      group =
        by === 'site'
          ? { key, label: entry.siteName, detail: entry.clientName, days: [], total: zero() }
          : { key, label: employeeName(entry), detail: entry.employeeNumber, days: [], total: zero() };
      groups.push(group);
    }
    let day = group.days.at(-1);
    if (day?.date !== entry.workDate) {
      day = { date: entry.workDate, ...zero() };
      group.days.push(day);
    }
    add(day, entry);
    add(group.total, entry);
  }
  return groups;
}

const withoutPhoto = (entries: ParkingEntry[]) =>
  entries.filter((entry) => entry.parkingCents > 0 && entry.photos.length === 0);

interface FeesSpec {
  by: 'site' | 'employee';
  type: string;
  fileStem: Record<Language, string>;
  title: Record<Language, string>;
}

function groupWords(spec: FeesSpec, language: Language) {
  const w = parkingWords(language);
  return spec.by === 'site'
    ? { group: w.site, detail: w.client, sheet: w.bySiteSheet }
    : { group: w.employee, detail: w.number, sheet: w.byEmployeeSheet };
}

function chart(spec: FeesSpec, entries: ParkingEntry[], params: ReportParams): ReportPreview['chart'] {
  if (spec.by === 'site') return parkingBySiteChart(entries, params);
  const groups = feeGroups(entries, 'employee')
    .filter((group) => group.total.cents > 0)
    .sort((a, b) => b.total.cents - a.total.cents)
    .slice(0, 20);
  if (groups.length === 0) return null;
  return {
    kind: 'bar',
    labelKey: 'employee',
    series: [{ key: 'amount', label: parkingWords(params.language).amount }],
    data: groups.map((group) => ({ employee: group.label, amount: group.total.cents / 100 })),
  };
}

async function writeXlsx(spec: FeesSpec, params: ReportParams, entries: ParkingEntry[], out: Writable) {
  const w = parkingWords(params.language);
  const g = groupWords(spec, params.language);
  const words = commonWords(params.language);
  const book = openBook(out);
  const ws = tableSheet(book, params, g.sheet, spec.title[params.language], [
    { label: g.group, kind: 'text', width: 30 },
    { label: g.detail, kind: 'text', width: 24 },
    { label: w.date, kind: 'date', width: 12 },
    { label: w.amount, kind: 'money', width: 13 },
    { label: w.entries, kind: 'number', width: 14 },
    { label: w.receipts, kind: 'number', width: 14 },
    { label: w.withoutPhoto, kind: 'number', width: 14 },
  ]);
  const groups = feeGroups(entries, spec.by);
  if (groups.length === 0) addRow(ws, [words.empty]);
  const first = headerRow + 1;
  let last = headerRow;
  const totals = zero();
  for (const group of groups) {
    const start = last + 1;
    for (const day of group.days)
      last = addRow(ws, [
        group.label,
        group.detail,
        excelDate(day.date),
        day.cents / 100,
        day.entries,
        day.receipts,
        day.withoutPhoto,
      ]);
    const end = last;
    last = addRow(
      ws,
      [
        `${words.total} — ${group.label}`,
        group.detail,
        null,
        subtotal(4, start, end, group.total.cents / 100),
        subtotal(5, start, end, group.total.entries),
        subtotal(6, start, end, group.total.receipts),
        subtotal(7, start, end, group.total.withoutPhoto),
      ],
      { bold: true },
    );
    totals.cents += group.total.cents;
    totals.entries += group.total.entries;
    totals.receipts += group.total.receipts;
    totals.withoutPhoto += group.total.withoutPhoto;
  }
  if (groups.length > 0)
    addRow(
      ws,
      [
        words.grandTotal,
        null,
        null,
        subtotal(4, first, last, totals.cents / 100),
        subtotal(5, first, last, totals.entries),
        subtotal(6, first, last, totals.receipts),
        subtotal(7, first, last, totals.withoutPhoto),
      ],
      { bold: true },
    );
  ws.commit();

  const missing = withoutPhoto(entries);
  const sheet = tableSheet(book, params, w.withoutPhotoSheet, w.withoutPhotoTitle, [
    { label: w.date, kind: 'date', width: 12 },
    { label: w.employee, kind: 'text', width: 28 },
    { label: w.number, kind: 'text', width: 14 },
    { label: w.client, kind: 'text', width: 24 },
    { label: w.site, kind: 'text', width: 28 },
    { label: w.amount, kind: 'money', width: 13 },
  ]);
  if (missing.length === 0) addRow(sheet, [words.empty]);
  for (const entry of missing)
    addRow(sheet, [
      excelDate(entry.workDate),
      employeeName(entry),
      entry.employeeNumber,
      entry.clientName,
      entry.siteName,
      entry.parkingCents / 100,
    ]);
  if (missing.length > 0)
    addRow(
      sheet,
      [
        words.total,
        null,
        null,
        null,
        null,
        subtotal(
          6,
          first,
          first + missing.length - 1,
          missing.reduce((sum, entry) => sum + entry.parkingCents, 0) / 100,
        ),
      ],
      { bold: true },
    );
  sheet.commit();
  await closeBook(book, out);
}

function pdfContent(spec: FeesSpec, params: ReportParams, entries: ParkingEntry[]): Content[] {
  const { language } = params;
  const w = parkingWords(language);
  const words = commonWords(language);
  const groups = feeGroups(entries, spec.by);
  if (groups.length === 0) return [pdfEmpty(language)];
  const rows: TableCell[][] = [];
  const bold = new Set<number>();
  const counts = (day: Omit<FeeDay, 'date'>): TableCell[] => [
    money(day.cents, language),
    String(day.entries),
    String(day.receipts),
    day.withoutPhoto ? { text: String(day.withoutPhoto), color: '#b42318' } : '0',
  ];
  const totals = zero();
  for (const group of groups) {
    bold.add(rows.length);
    rows.push([
      { text: `${group.label} · ${group.detail}`, colSpan: 5, fillColor: '#f2f4f7' },
      '',
      '',
      '',
      '',
    ]);
    for (const day of group.days) rows.push([dateText(day.date, language), ...counts(day)]);
    bold.add(rows.length);
    rows.push([`${words.total} — ${group.label}`, ...counts(group.total)]);
    totals.cents += group.total.cents;
    totals.entries += group.total.entries;
    totals.receipts += group.total.receipts;
    totals.withoutPhoto += group.total.withoutPhoto;
  }
  bold.add(rows.length);
  rows.push([words.grandTotal, ...counts(totals)]);
  const content: Content[] = [
    pdfTable(
      [
        { label: w.date, width: '*' },
        { label: w.amount, align: 'right', width: 70 },
        { label: w.entries, align: 'right', width: 70 },
        { label: w.receipts, align: 'right', width: 70 },
        { label: w.withoutPhoto, align: 'right', width: 70 },
      ],
      rows,
      { boldRows: bold },
    ),
    pdfHeading(w.withoutPhotoTitle),
  ];
  const missing = withoutPhoto(entries);
  content.push(
    missing.length === 0
      ? pdfEmpty(language)
      : pdfTable(
          [
            { label: w.date, width: 80 },
            { label: w.employee, width: '*' },
            { label: w.site, width: '*' },
            { label: w.amount, align: 'right', width: 70 },
          ],
          missing.map((entry) => [
            dateText(entry.workDate, language),
            employeeName(entry),
            `${entry.clientName} — ${entry.siteName}`,
            money(entry.parkingCents, language),
          ]),
        ),
  );
  return content;
}

/** Reports 3 and 4: parking paid per day of each site (or worker), totals, receipts, entries without a photo. */
export function parkingFeesReport(spec: FeesSpec): ReportDefinition {
  return {
    type: spec.type,
    formats: ['pdf', 'xlsx'],
    filters: ['client', 'site', 'supervisor', 'employee'],
    fileStem: spec.fileStem,
    title: spec.title,
    async preview(ctx: ReportContext, params: ReportParams) {
      const w = parkingWords(params.language);
      const g = groupWords(spec, params.language);
      const entries = await parkingEntries(ctx.db, params, spec.by);
      const rows = feeGroups(entries, spec.by).flatMap((group) =>
        group.days.map((day) => ({
          group: group.label,
          date: day.date,
          amount: day.cents,
          entries: day.entries,
          receipts: day.receipts,
          withoutPhoto: day.withoutPhoto,
        })),
      );
      return {
        columns: [
          { key: 'group', label: g.group, kind: 'text' },
          { key: 'date', label: w.date, kind: 'date' },
          { key: 'amount', label: w.amount, kind: 'money' },
          { key: 'entries', label: w.entries, kind: 'number' },
          { key: 'receipts', label: w.receipts, kind: 'number' },
          { key: 'withoutPhoto', label: w.withoutPhoto, kind: 'number' },
        ],
        rows: rows.slice(0, 20),
        rowCount: rows.length,
        chart: chart(spec, entries, params),
      };
    },
    async write(ctx: ReportContext, asked: ReportParams, format, out: Writable) {
      const params = await withFiltersText(ctx.db, asked);
      const entries = await parkingEntries(ctx.db, params, spec.by);
      if (format === 'xlsx') return writeXlsx(spec, params, entries, out);
      await writePdf(out, params, {
        title: spec.title[params.language],
        content: pdfContent(spec, params, entries),
      });
    },
  };
}
