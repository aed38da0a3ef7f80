import { PassThrough, type Readable } from 'node:stream';
import { payWeekStart } from '@brigade/shared';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { buildTestApp } from '../../../../test/app.ts';
import type { Executor } from '../../../db/client.ts';
import { addDays, companyToday } from '../../../lib/calendar.ts';
import type { Actor } from '../../../lib/policy.ts';
import type { FileStorage } from '../../../lib/storage.ts';
import { storageFor } from '../../../lib/storage.ts';
import type { ReportContext, ReportDefinition, ReportFormat, ReportParams } from '../definition.ts';

/** What the reports' tests share: a context on the test app's database and files, a document read back. */

export function reportContext(deps: { db: Executor; storage: FileStorage; actor: Actor }): ReportContext {
  return { ...deps, publicUrl: 'https://brigade.example', signal: new AbortController().signal };
}

/**
 * A test file's app (see buildTestApp: call it at the top of the file), its admin, a report context
 * on its database and files, and the periods the tests ask for: last pay week (Sunday `day(0)` to
 * Saturday `day(6)`, whole and past) in French and in English, and a month with nothing in it.
 */
export async function reportTestApp() {
  const t = await buildTestApp();
  const admin = await t.signedIn('admin');
  const ctx = reportContext({
    db: t.db,
    storage: storageFor(t.config),
    actor: { userId: admin.user.id, role: 'admin', scope: null },
  });
  const weekStart = payWeekStart(addDays(companyToday(), -7));
  const day = (index: number) => addDays(weekStart, index);
  const week: ReportParams = { from: weekStart, to: day(6), language: 'fr' };
  return {
    t,
    admin,
    call: t.callAs(admin.headers),
    ctx,
    weekStart,
    day,
    week,
    english: { ...week, language: 'en' } as ReportParams,
    empty: { from: '2020-03-01', to: '2020-03-31', language: 'fr' } as ReportParams,
  };
}

/** The whole document `report.write` streams, gathered. */
export async function render(
  ctx: ReportContext,
  report: ReportDefinition,
  format: ReportFormat,
  params: ReportParams,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await report.write(ctx, params, format, out);
  await ended;
  return Buffer.concat(chunks);
}

/** A workbook read back by exceljs. */
export async function readBook(content: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows as plain values (a formula's cell as its result, a link as its text), from `from` on. */
export function sheetValues(sheet: ExcelJS.Worksheet, from = 1): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (number < from) return;
    const values = Array.from({ length: row.cellCount }, (_, index) => row.getCell(index + 1).value);
    rows.push(
      values.map((value) => {
        // exceljs reads a formula's cached 0 back as no result.
        if (value && typeof value === 'object' && 'formula' in value)
          return (value as { result?: unknown }).result ?? 0;
        if (value && typeof value === 'object' && 'text' in value) return (value as { text: unknown }).text;
        return value ?? null;
      }),
    );
  });
  return rows;
}

/** Every file of a ZIP: its path and content. */
export async function unzip(content: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(content, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream: Readable = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}
