import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { formatHours, formatMoney, intlLocales, type Language } from '@brigade/shared';
import type { Content, TableCell } from 'pdfmake';
import { pdfmake, type TDocumentDefinitions } from '../../../lib/pdfmake.ts';
import type { ReportParams } from '../definition.ts';
import { dayText, labelled, momentText, periodText, reportWords } from './texts.ts';

export type { Content, TableCell };

/** What a column of a report's table holds: how its cells are written and aligned. */
export type CellKind = 'text' | 'date' | 'hours' | 'money' | 'number' | 'percent';

export interface PdfColumn {
  label: string;
  kind: CellKind;
  /** pdfmake's width: a number of points, 'auto' or '*' (the default: text '*', numbers 'auto'). */
  width?: number | 'auto' | '*';
}

// Made once per language: a formatter is dear to make (a month's table has thousands of cells).
const numberFormats = {
  percent: new Map<Language, Intl.NumberFormat>(),
  number: new Map<Language, Intl.NumberFormat>(),
};
function numberFormat(kind: 'percent' | 'number', language: Language): Intl.NumberFormat {
  let format = numberFormats[kind].get(language);
  if (!format) {
    format = new Intl.NumberFormat(
      intlLocales[language],
      kind === 'percent' ? { style: 'percent', maximumFractionDigits: 0 } : {},
    );
    numberFormats[kind].set(language, format);
  }
  return format;
}

/** One cell's value as the document's language writes it (hours in minutes, money in cents). */
export function cellText(
  kind: CellKind,
  value: string | number | null | undefined,
  language: Language,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return kind === 'date' ? dayText(value, language) : value;
  switch (kind) {
    case 'hours':
      return formatHours(value, language);
    case 'money':
      return formatMoney(value, language);
    case 'percent':
      return numberFormat('percent', language).format(value);
    default:
      return numberFormat('number', language).format(value);
  }
}

const numeric = (kind: CellKind) => kind !== 'text' && kind !== 'date';

/**
 * A table whose header row comes again at the top of each page, numbers right-aligned, zebra rows;
 * `emphasis` rows (subtotals, the grand total) in bold on a grey band.
 */
export function pdfTable(
  columns: readonly PdfColumn[],
  rows: readonly { cells: (string | number | null)[]; emphasis?: boolean }[],
  language: Language,
): Content {
  const head: TableCell[] = columns.map((column) => ({
    text: column.label,
    style: 'th',
    alignment: numeric(column.kind) ? 'right' : 'left',
  }));
  // A plain line's text cell is its string alone (left is pdfmake's default): each property of a
  // cell is looked up through pdfmake's style stack, and a month's table has thousands of cells.
  const body: TableCell[][] = rows.map((row) =>
    columns.map((column, index): TableCell => {
      const text = cellText(column.kind, row.cells[index], language);
      if (row.emphasis) {
        return { text, alignment: numeric(column.kind) ? 'right' : 'left', bold: true, fillColor: '#eef2f6' };
      }
      return numeric(column.kind) ? { text, alignment: 'right' } : text;
    }),
  );
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columns.map((column) => column.width ?? (numeric(column.kind) ? 'auto' : '*')),
      body: [head, ...body],
    },
    layout: {
      fillColor: (rowIndex: number) => (rowIndex === 0 ? '#eef2f6' : rowIndex % 2 === 0 ? '#fafbfc' : null),
      hLineColor: () => '#d0d5dd',
      vLineColor: () => '#d0d5dd',
    },
  };
}

/** A section's title inside a report (a site, a week). */
export const pdfHeading = (text: string): Content => ({ text, style: 'heading', margin: [0, 10, 0, 4] });

/** The line an empty period prints instead of its tables. */
export const pdfEmpty = (language: Language): Content => ({
  text: reportWords(language).empty,
  italics: true,
  margin: [0, 12, 0, 0],
});

export interface ReportPdf {
  title: string;
  params: ReportParams;
  /** Wide tables (8 columns and more) go on a landscape page. */
  landscape: boolean;
  /** A line under the period naming the filters applied ("Client : Béton Laval"). */
  filters?: string;
  content: Content[];
}

/**
 * Writes a report's PDF to `out` (US Letter, fr-CA/en-CA formats): the company, the title and the
 * period at the top of every page, the page number and when it was made at the bottom of each.
 */
export async function writeReportPdf(report: ReportPdf, out: Writable): Promise<void> {
  const { language } = report.params;
  const w = reportWords(language);
  const period = labelled(w.period, periodText(report.params, language), language);
  const madeOn = w.madeOn(momentText(new Date(), language));
  const definition: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageOrientation: report.landscape ? 'landscape' : 'portrait',
    pageMargins: [32, 64, 32, 40],
    info: { title: `${report.title} — ${report.params.from} – ${report.params.to}`, creator: 'Brigade' },
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      title: { fontSize: 13, bold: true },
      heading: { fontSize: 10, bold: true },
      muted: { color: '#667085' },
      th: { bold: true, fontSize: 8 },
    },
    header: () => ({
      margin: [32, 20, 32, 0],
      stack: [
        {
          columns: [
            { text: report.title, style: 'title' },
            { text: w.company, alignment: 'right', style: 'muted' },
          ],
        },
        { text: report.filters ? `${period} · ${report.filters}` : period, style: 'muted' },
      ],
    }),
    footer: (page: number, pages: number) => ({
      margin: [32, 12, 32, 0],
      columns: [
        { text: madeOn, style: 'muted', fontSize: 7 },
        { text: w.page(page, pages), alignment: 'right', style: 'muted', fontSize: 7 },
      ],
    }),
    content: report.content,
  };
  const document = (await pdfmake.createPdf(definition).getStream()) as NodeJS.ReadableStream & {
    end(): void;
  };
  document.pipe(out);
  document.end();
  await finished(out);
}
