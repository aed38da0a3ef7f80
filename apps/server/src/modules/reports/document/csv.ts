import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * A CSV file written line by line, waiting when the reader is slower (`drain`):
 * - `semicolon` (the default, Excel in French): UTF-8 with a byte-order mark, `;` between fields,
 *   a decimal comma (`8,50`);
 * - `comma`: plain UTF-8, `,` and a decimal point (`8.50`), for other programs.
 * Lines end with CRLF (RFC 4180); a field with the separator, a quote or a line break is quoted.
 * Numbers are written with fixed decimals and no grouping, so that every program reads them back.
 */
export type CsvVariant = 'semicolon' | 'comma';

export class CsvWriter {
  private readonly separator: string;
  private readonly out: Writable;
  readonly variant: CsvVariant;
  private started = false;

  constructor(out: Writable, variant: CsvVariant = 'semicolon') {
    this.out = out;
    this.variant = variant;
    this.separator = variant === 'semicolon' ? ';' : ',';
  }

  /** A number with `decimals` digits, with the variant's decimal mark. */
  number(value: number, decimals = 2): string {
    const text = value.toFixed(decimals);
    return this.variant === 'semicolon' ? text.replace('.', ',') : text;
  }

  /** Minutes as hours with two decimals (quarter hours are exact): 510 → `8,50` / `8.50`. */
  hours(minutes: number): string {
    return this.number(minutes / 60, 2);
  }

  /** Cents as dollars: 1250 → `12,50` / `12.50`. */
  money(cents: number): string {
    return this.number(cents / 100, 2);
  }

  private field(value: string | number | null | undefined): string {
    if (value === null || value === undefined) return '';
    const text = typeof value === 'number' ? String(value) : value;
    // A formula a spreadsheet would run (=, +, -, @ first) is written as text (CSV injection).
    const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
    return /[";,\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  }

  async line(values: readonly (string | number | null | undefined)[]): Promise<void> {
    let text = `${values.map((value) => this.field(value)).join(this.separator)}\r\n`;
    if (!this.started) {
      this.started = true;
      if (this.variant === 'semicolon') text = `\uFEFF${text}`;
    }
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  end(): void {
    this.out.end();
  }
}

/** Reads back a CSV this writer made (the tests'): fields of each line, quotes undone, BOM dropped. */
export function parseCsv(text: string, variant: CsvVariant = 'semicolon'): string[][] {
  const separator = variant === 'semicolon' ? ';' : ',';
  const source = text.replace(/^\uFEFF/, '');
  const lines: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\r' && source[i + 1] === '\n') {
      fields.push(field);
      lines.push(fields);
      fields = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field || fields.length) lines.push([...fields, field]);
  return lines;
}
