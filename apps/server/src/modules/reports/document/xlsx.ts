import type { Writable } from 'node:stream';
import { type Language, spreadsheetFormats } from '@brigade/shared';
import ExcelJS from 'exceljs';
import type { ReportParams } from '../definition.ts';
import type { CellKind } from './pdf.ts';
import { labelled, periodText, reportWords } from './texts.ts';

/**
 * A report's workbook, written as it is made (exceljs's streaming writer: each row leaves memory
 * once committed). Cells are real numbers and dates: hours as a number of hours (9.5) shown as the
 * timesheet's workbook shows them ("9,5 h"), money in dollars shown `# ##0,00 $` in French and
 * `$#,##0.00` in English (`spreadsheetFormats`), days as dates; totals are formulas (SUBTOTAL, so
 * that a grand total under subtotals counts each hour once, and a filtered list adds up what it shows).
 */
export type WorkbookWriter = ExcelJS.stream.xlsx.WorkbookWriter;

export function createWorkbook(out: Writable): WorkbookWriter {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Brigade';
  book.created = new Date();
  return book;
}

/** Ends the workbook: its last sheet, the zip's directory, the stream. */
export async function finishWorkbook(book: WorkbookWriter): Promise<void> {
  await book.commit();
}

/**
 * A sheet's name as Excel takes it: no `[]:*?/\`, no quote at either end, 31 characters at most,
 * and unique in the workbook (a number added: "Tour A (2)"). `used` keeps the names given, lower-cased.
 */
export function sheetName(wanted: string, used: Set<string>): string {
  const clean =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'Sheet';
  let name = clean.slice(0, 31).trim();
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${clean.slice(0, 31 - suffix.length).trim()}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}

/** A column's kind: the report's (`CellKind`), or a moment (`YYYY-MM-DDTHH:mm`, local) shown as date and time. */
export type XlsxKind = CellKind | 'datetime';

export interface XlsxColumn {
  label: string;
  kind: XlsxKind;
  /** Characters; a default by kind. */
  width?: number;
  /** A total row adds this column up (numbers, hours and money by default). */
  total?: boolean;
}

/** A value as the API holds it: hours in minutes, money in cents, days as `YYYY-MM-DD`. */
export type CellValue = string | number | null | undefined;

const defaultWidth: Record<XlsxKind, number> = {
  datetime: 17,
  text: 24,
  date: 12,
  hours: 11,
  money: 13,
  number: 10,
  percent: 9,
};

function excelValue(kind: XlsxKind, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  // The local moment as Excel keeps it: a serial with no zone, which exceljs writes from UTC fields.
  if (kind === 'datetime' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) {
    return new Date(`${value}:00Z`);
  }
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T00:00:00Z`);
  }
  if (typeof value !== 'number') return value;
  if (kind === 'hours') return value / 60;
  if (kind === 'money') return value / 100;
  return value;
}

function numberFormat(kind: XlsxKind, language: Language): string | undefined {
  const formats = spreadsheetFormats[language];
  switch (kind) {
    case 'hours':
      return formats.hours;
    case 'money':
      return formats.money;
    case 'date':
      return 'yyyy-mm-dd';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm';
    case 'percent':
      return '0%';
    default:
      return undefined;
  }
}

const summed = (column: XlsxColumn) =>
  column.total ?? (column.kind === 'hours' || column.kind === 'money' || column.kind === 'number');

/**
 * One sheet of a report: its title and period, then one table with a frozen, filtered header row.
 * `row` adds a line; `totalRow` a subtotal or total line whose sums are SUBTOTAL formulas over a
 * range of lines, with the value the API computed as their cached result (what a reader without
 * recalculation, and the tests, see).
 */
export class ReportSheet {
  readonly sheet: ExcelJS.Worksheet;
  readonly headerRow: number;
  private next: number;
  private readonly language: Language;
  readonly columns: readonly XlsxColumn[];

  constructor(
    book: WorkbookWriter,
    name: string,
    columns: readonly XlsxColumn[],
    head: { title: string; params: ReportParams; lines?: string[] },
  ) {
    this.columns = columns;
    this.language = head.params.language;
    const w = reportWords(this.language);
    const intro = [
      head.title,
      `${w.company} · ${labelled(w.period, periodText(head.params, this.language), this.language)}`,
      ...(head.lines ?? []),
    ];
    this.headerRow = intro.length + 2;
    this.sheet = book.addWorksheet(name, {
      views: [{ state: 'frozen', ySplit: this.headerRow, xSplit: 0 }],
      pageSetup: {
        orientation: columns.length >= 8 ? 'landscape' : 'portrait',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
      },
    });
    columns.forEach((column, index) => {
      this.sheet.getColumn(index + 1).width = column.width ?? defaultWidth[column.kind];
    });
    intro.forEach((text, index) => {
      const row = this.sheet.getRow(index + 1);
      row.getCell(1).value = text;
      if (index === 0) row.font = { bold: true, size: 14 };
      row.commit();
    });
    const header = this.sheet.getRow(this.headerRow);
    columns.forEach((column, index) => {
      const cell = header.getCell(index + 1);
      cell.value = column.label;
      cell.font = { bold: true };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2F6' } };
      cell.alignment = { vertical: 'middle', wrapText: true };
    });
    header.commit();
    this.sheet.autoFilter = {
      from: { row: this.headerRow, column: 1 },
      to: { row: this.headerRow, column: columns.length },
    };
    this.next = this.headerRow + 1;
  }

  /** The first line's number (the first after the header). */
  get firstRow(): number {
    return this.headerRow + 1;
  }

  /** The last line written so far. */
  get lastRow(): number {
    return this.next - 1;
  }

  /** A line of values; returns its row number. */
  row(values: readonly CellValue[], options: { bold?: boolean } = {}): number {
    const number = this.next++;
    const row = this.sheet.getRow(number);
    this.columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      cell.value = excelValue(column.kind, values[index]);
      const format = numberFormat(column.kind, this.language);
      if (format) cell.numFmt = format;
    });
    if (options.bold) row.font = { bold: true };
    row.commit();
    return number;
  }

  /**
   * A subtotal or total line: `labels` in the text columns, and in each summed column
   * `SUBTOTAL(9, first:last)` with `results` (the API's own sums, in minutes / cents) cached.
   */
  totalRow(
    labels: readonly CellValue[],
    range: { from: number; to: number },
    results: readonly CellValue[],
  ): number {
    const number = this.next++;
    const row = this.sheet.getRow(number);
    this.columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      if (summed(column) && range.to >= range.from) {
        const letter = this.sheet.getColumn(index + 1).letter;
        cell.value = {
          formula: `SUBTOTAL(9,${letter}${range.from}:${letter}${range.to})`,
          result: excelValue(column.kind, results[index] ?? 0) as number,
        };
      } else {
        cell.value = excelValue(column.kind, labels[index]);
      }
      const format = numberFormat(column.kind, this.language);
      if (format) cell.numFmt = format;
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2F6' } };
    });
    row.font = { bold: true };
    row.commit();
    return number;
  }

  /** A line of text across the table (the empty period's sentence, a note). */
  note(text: string): number {
    const number = this.next++;
    const row = this.sheet.getRow(number);
    row.getCell(1).value = text;
    row.font = { italic: true };
    row.commit();
    return number;
  }

  commit(): void {
    this.sheet.commit();
  }
}
