import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { formatHours, formatMoney, intlLocales, type Language, spreadsheetFormats } from '@brigade/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Content, TableCell } from 'pdfmake';
import type { Executor } from '../../../db/client.ts';
import type { ReportParams } from '../definition.ts';

/**
 * What the parking and orders reports share to write their documents: the words every document
 * carries (company, period, pages, "nothing in this period"), a streamed PDF with its header and
 * page numbers on every page, and a streamed workbook's table sheet (title, frozen header,
 * auto-filter, widths, number formats by language).
 */

const pdfRequire = createRequire(import.meta.url);
const pdfmake = pdfRequire('pdfmake') as typeof import('pdfmake');
type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];
const fonts = pdfRequire('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
pdfmake.addFonts(fonts);
// The document is ours and names no address nor file: pdfmake may read its fonts, nothing else.
const fontFiles = new Set(Object.values(fonts.Roboto));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => fontFiles.has(file));

const common = {
  fr: {
    company: 'Brigade — placement de main-d’œuvre',
    period: (from: string, to: string) => `Période : du ${from} au ${to}`,
    page: (page: number, pages: number) => `Page ${page} de ${pages}`,
    empty: 'Aucune donnée pour cette période.',
    total: 'Total',
    grandTotal: 'Total général',
    filters: { client: 'Client', site: 'Chantier', supervisor: 'Superviseur', employee: 'Travailleur' },
    labelled: (label: string, value: string) => `${label} : ${value}`,
  },
  en: {
    company: 'Brigade — labour staffing',
    period: (from: string, to: string) => `Period: ${from} to ${to}`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    empty: 'No data for this period.',
    total: 'Total',
    grandTotal: 'Grand total',
    filters: { client: 'Client', site: 'Site', supervisor: 'Supervisor', employee: 'Worker' },
    labelled: (label: string, value: string) => `${label}: ${value}`,
  },
} as const;

export const commonWords = (language: Language) => common[language];

/** A calendar day as "17 nov. 2026" / "Nov 17, 2026" (a date, never shifted through UTC). */
export function dateText(date: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocales[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The report's params with the line that names its filters, for the documents' headers. */
export type DocumentParams = ReportParams & { filtersText?: string };

/** The period, and the filters when some are applied ("Client : Construction Bérubé · Chantier : Tour A"). */
export const periodText = (params: DocumentParams) =>
  [
    common[params.language].period(
      dateText(params.from, params.language),
      dateText(params.to, params.language),
    ),
    params.filtersText,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The params with the names of the filters applied (a document filtered by a worker says so), read
 * once before the document is written.
 */
export async function withFiltersText(db: Executor, params: ReportParams): Promise<DocumentParams> {
  if (!params.clientId && !params.siteId && !params.supervisorId && !params.employeeId) return params;
  const w = common[params.language];
  const person = (id: string | undefined) =>
    sql`(select last_name || ', ' || first_name from users where id = ${id ?? null}::uuid)`;
  const result = await db.execute(sql`select json_build_object(
      'client', (select name from clients where id = ${params.clientId ?? null}::uuid),
      'site', (select name from sites where id = ${params.siteId ?? null}::uuid),
      'supervisor', ${person(params.supervisorId)},
      'employee', ${person(params.employeeId)}
    )::text as "names"`);
  const [row] = (result as unknown as { rows: { names: string }[] }).rows;
  const found = JSON.parse(row?.names ?? '{}') as Record<keyof typeof w.filters, string | null>;
  const parts = (Object.keys(w.filters) as (keyof typeof w.filters)[])
    .filter((key) => found[key])
    .map((key) => w.labelled(w.filters[key], found[key] as string));
  return { ...params, filtersText: parts.join(' · ') || undefined };
}

/** A percentage as people read it: "87,5 %" / "87.5%". */
export function percentText(ratio: number, language: Language): string {
  return new Intl.NumberFormat(intlLocales[language], { style: 'percent', maximumFractionDigits: 1 }).format(
    ratio,
  );
}

export const money = (cents: number, language: Language) => formatMoney(cents, language);
export const hoursText = (minutes: number, language: Language) => formatHours(minutes, language);

// ---------------------------------------------------------------- PDF

export interface PdfTableColumn {
  label: string;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

/** A table whose header row repeats on every page it runs over. */
export function pdfTable(
  columns: PdfTableColumn[],
  rows: TableCell[][],
  options: { boldRows?: Set<number> } = {},
): Content {
  const head: TableCell[] = columns.map((column) => ({
    text: column.label,
    bold: true,
    fontSize: 8,
    alignment: column.align ?? 'left',
  }));
  const body = rows.map((row, index) =>
    row.map((cell, column) => {
      const base = typeof cell === 'object' && cell !== null && !Array.isArray(cell) ? cell : { text: cell };
      return {
        alignment: columns[column]?.align ?? 'left',
        ...(options.boldRows?.has(index) ? { bold: true } : {}),
        ...(base as object),
      } as TableCell;
    }),
  );
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columns.map((column) => column.width ?? 'auto'),
      body: [head, ...body],
    },
    layout: {
      fillColor: (rowIndex: number) => (rowIndex === 0 ? '#eef2f6' : rowIndex % 2 === 0 ? '#fafbfc' : null),
      hLineColor: () => '#d0d5dd',
      vLineColor: () => '#d0d5dd',
    },
  };
}

export const pdfHeading = (text: string): Content => ({
  text,
  bold: true,
  fontSize: 11,
  margin: [0, 12, 0, 6],
});

export const pdfEmpty = (language: Language): Content => ({ text: common[language].empty, italics: true });

/**
 * Writes a PDF to `out` as pdfmake makes it, then ends it: the company, the title and the period on
 * top of every page, the page number at its foot.
 */
export async function writePdf(
  out: Writable,
  params: ReportParams,
  document: { title: string; landscape?: boolean; content: Content[] },
): Promise<void> {
  const words = common[params.language];
  const period = periodText(params);
  const definition: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageOrientation: document.landscape ? 'landscape' : 'portrait',
    pageMargins: [32, 64, 32, 40],
    info: { title: `${document.title} — ${params.from} – ${params.to}`, creator: 'Brigade' },
    language: intlLocales[params.language],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    header: () => ({
      margin: [32, 20, 32, 0],
      columns: [
        {
          stack: [
            { text: document.title, bold: true, fontSize: 13 },
            { text: period, color: '#475467' },
          ],
        },
        { text: words.company, alignment: 'right', color: '#667085' },
      ],
    }),
    footer: (page: number, pages: number) => ({
      margin: [32, 12, 32, 0],
      columns: [
        { text: `${words.company} · ${period}`, color: '#667085', fontSize: 7 },
        { text: words.page(page, pages), alignment: 'right', color: '#667085', fontSize: 7 },
      ],
    }),
    content: document.content,
  };
  const stream = (await pdfmake.createPdf(definition).getStream()) as unknown as Readable & { end(): void };
  const done = pipeline(stream, out);
  // pdfmake's stream is PDFKit's document: it is written out once ended.
  stream.end();
  await done;
}

// ---------------------------------------------------------------- XLSX

export type CellKind = 'text' | 'date' | 'money' | 'hours' | 'number' | 'percent' | 'link';

export interface SheetColumn {
  label: string;
  kind: CellKind;
  width: number;
}

/** A day as the workbook's real date (midnight UTC is what Excel reads as that day). */
export const excelDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** Column letters: 1 → A, 27 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Excel refuses a sheet name over 31 characters or with : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
}

const numberFormats = (language: Language): Record<CellKind, string | undefined> => ({
  text: undefined,
  link: undefined,
  date: 'yyyy-mm-dd',
  money: spreadsheetFormats[language].money,
  hours: spreadsheetFormats[language].hours,
  number: '0',
  percent: '0.0%',
});

export type Book = ExcelJS.stream.xlsx.WorkbookWriter;
export type SheetWriter = ExcelJS.Worksheet;

/** A streamed workbook written to `out`: rows leave as soon as they are committed. */
export function openBook(out: Writable): Book {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Brigade';
  return book;
}

export async function closeBook(book: Book, out: Writable): Promise<void> {
  await book.commit();
  if (!out.writableFinished) await finished(out, { readable: false });
}

/** The first row of the table (its header), under the title, the company and the period. */
export const headerRow = 4;

/**
 * A sheet of one table: its title, the company and the period above, then the header row (frozen,
 * auto-filtered), columns as wide and formatted as their kind says.
 */
export function tableSheet(
  book: Book,
  params: ReportParams,
  name: string,
  title: string,
  columns: SheetColumn[],
): SheetWriter {
  const formats = numberFormats(params.language);
  const ws = book.addWorksheet(sheetName(name), {
    views: [{ state: 'frozen', ySplit: headerRow }],
    pageSetup: {
      orientation: columns.length > 6 ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToHeight: 0,
    },
  });
  ws.columns = columns.map((column) => ({
    width: column.width,
    ...(formats[column.kind] ? { style: { numFmt: formats[column.kind] } } : {}),
  }));
  ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: columns.length } };
  ws.addRow([title]).font = { bold: true, size: 14 };
  ws.addRow([`${common[params.language].company} · ${periodText(params)}`]);
  ws.addRow([]);
  const head = ws.addRow(columns.map((column) => column.label));
  head.font = { bold: true };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2F6' } };
  return ws;
}

/** A row of a table sheet, committed at once (the streamed writer then forgets it). */
export function addRow(ws: SheetWriter, values: unknown[], options: { bold?: boolean } = {}): number {
  const row = ws.addRow(values);
  if (options.bold) row.font = { bold: true };
  const number = row.number;
  row.commit();
  return number;
}

/** `SUBTOTAL(9, …)` over rows `from`–`to` of a column: it leaves out the subtotals within. */
export function subtotal(column: number, from: number, to: number, result: number) {
  const letter = columnLetter(column);
  return { formula: `SUBTOTAL(9,${letter}${from}:${letter}${to})`, result };
}
