import type { Content } from 'pdfmake';
import sharp from 'sharp';
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
  subtotal,
  tableSheet,
  withFiltersText,
  writePdf,
} from './document.ts';
import { employeeName, type ParkingEntry, parkingEntries } from './entries.ts';
import { parkingWords } from './texts.ts';

/** One receipt's photo, with its entry (the amount is the entry's: counted on its first photo only). */
export interface Receipt {
  entry: ParkingEntry;
  photoId: string;
  storageKey: string;
  /** 1-based, among the entry's photos. */
  index: number;
}

export function receiptsOf(entries: ParkingEntry[]): Receipt[] {
  return entries.flatMap((entry) =>
    entry.photos.map((photo, index) => ({
      entry,
      photoId: photo.id,
      storageKey: photo.storageKey,
      index: index + 1,
    })),
  );
}

/**
 * The photo through the app: its page (`/receipt-photos/:entryId/:photoId`), not the API's route. A
 * link clicked in Excel opens the default browser, which sends no `Authorization` header (the API
 * takes the session's token only): the page asks for a sign-in when there is no session, then shows
 * the photo read from GET /api/time-entries/:id/photos/:photoId with the session's token.
 */
export const photoUrl = (publicUrl: string, receipt: Receipt) =>
  `${publicUrl.replace(/\/+$/, '')}/receipt-photos/${receipt.entry.entryId}/${receipt.photoId}`;

/** Parking by site, in dollars, the chart of the parking reports' previews. */
export function parkingBySiteChart(entries: ParkingEntry[], params: ReportParams): ReportPreview['chart'] {
  if (entries.length === 0) return null;
  const bySite = new Map<string, { site: string; amount: number }>();
  for (const entry of entries) {
    const point = bySite.get(entry.siteId) ?? { site: entry.siteName, amount: 0 };
    point.amount += entry.parkingCents;
    bySite.set(entry.siteId, point);
  }
  return {
    kind: 'bar',
    labelKey: 'site',
    series: [{ key: 'amount', label: parkingWords(params.language).amount }],
    data: [...bySite.values()].map((point) => ({ site: point.site, amount: point.amount / 100 })),
  };
}

const title = { fr: 'Photos des reçus de stationnement', en: 'Parking receipt photos' };

/** A photo small enough for the page (receipts stay readable at 700 px), or null when it is gone. */
async function pagePhoto(ctx: ReportContext, storageKey: string): Promise<string | null> {
  const file = await ctx.storage.get(storageKey);
  if (!file) return null;
  try {
    const small = await sharp(file)
      .resize({ width: 700, height: 700, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${small.toString('base64')}`;
  } catch {
    return null;
  }
}

async function pdfContent(ctx: ReportContext, params: ReportParams, receipts: Receipt[]): Promise<Content[]> {
  const w = parkingWords(params.language);
  if (receipts.length === 0) return [pdfEmpty(params.language)];
  const cells: Content[] = [];
  for (const receipt of receipts) {
    ctx.signal.throwIfAborted();
    const image = await pagePhoto(ctx, receipt.storageKey);
    const { entry } = receipt;
    cells.push({
      stack: [
        image
          ? { image, fit: [250, 170], alignment: 'center' }
          : { text: w.missingPhoto, italics: true, alignment: 'center', margin: [0, 80, 0, 80] },
        {
          margin: [0, 4, 0, 0],
          stack: [
            { text: employeeName(entry), bold: true },
            `${entry.clientName} — ${entry.siteName}`,
            `${dateText(entry.workDate, params.language)} · ${money(entry.parkingCents, params.language)}${
              entry.photos.length > 1 ? ` · ${w.photoOf(receipt.index, entry.photos.length)}` : ''
            }`,
          ],
        },
      ],
    });
  }
  // Two photos a row, three rows a page: six receipts a page.
  const rows: Content[] = [];
  for (let index = 0; index < cells.length; index += 2) {
    const row = index / 2;
    rows.push({
      columns: [cells[index] as Content, (cells[index + 1] ?? { text: '' }) as Content],
      columnGap: 16,
      margin: [0, 0, 0, 16],
      unbreakable: true,
      ...(row > 0 && row % 3 === 0 ? { pageBreak: 'before' as const } : {}),
    });
  }
  return rows;
}

async function writeXlsx(
  ctx: ReportContext,
  params: ReportParams,
  receipts: Receipt[],
  out: import('node:stream').Writable,
) {
  const w = parkingWords(params.language);
  const book = openBook(out);
  const ws = tableSheet(book, params, w.photosSheet, title[params.language], [
    { label: w.date, kind: 'date', width: 12 },
    { label: w.employee, kind: 'text', width: 28 },
    { label: w.number, kind: 'text', width: 14 },
    { label: w.client, kind: 'text', width: 24 },
    { label: w.site, kind: 'text', width: 28 },
    { label: w.amount, kind: 'money', width: 12 },
    { label: w.photo, kind: 'text', width: 16 },
    { label: w.openPhoto, kind: 'link', width: 18 },
  ]);
  if (receipts.length === 0) addRow(ws, [commonWords(params.language).empty]);
  let total = 0;
  for (const receipt of receipts) {
    const { entry } = receipt;
    // The amount is the entry's: on its first photo only, so that the total counts it once.
    const amount = receipt.index === 1 ? entry.parkingCents / 100 : null;
    total += receipt.index === 1 ? entry.parkingCents : 0;
    const row = ws.addRow([
      excelDate(entry.workDate),
      employeeName(entry),
      entry.employeeNumber,
      entry.clientName,
      entry.siteName,
      amount,
      w.photoOf(receipt.index, entry.photos.length),
      { text: w.openPhoto, hyperlink: photoUrl(ctx.publicUrl, receipt) },
    ]);
    // Shown as a link is shown.
    row.getCell(8).font = { color: { argb: 'FF1F5FBF' }, underline: true };
    row.commit();
  }
  if (receipts.length > 0) {
    const first = headerRow + 1;
    addRow(
      ws,
      [
        commonWords(params.language).total,
        null,
        null,
        null,
        null,
        subtotal(6, first, first + receipts.length - 1, total / 100),
      ],
      { bold: true },
    );
  }
  ws.commit();
  await closeBook(book, out);
}

/** Report 2: each receipt's photo with its worker, site, day and amount (PDF: six a page; Excel: a link a row). */
export const parkingPhotosReport: ReportDefinition = {
  type: 'parking-photos',
  formats: ['pdf', 'xlsx'],
  filters: ['client', 'site', 'supervisor', 'employee'],
  fileStem: { fr: 'photos-stationnement', en: 'parking-photos' },
  title,
  async preview(ctx, params) {
    const w = parkingWords(params.language);
    const entries = await parkingEntries(ctx.db, params, 'site');
    const receipts = receiptsOf(entries);
    return {
      columns: [
        { key: 'date', label: w.date, kind: 'date' },
        { key: 'employee', label: w.employee, kind: 'text' },
        { key: 'site', label: w.site, kind: 'text' },
        { key: 'amount', label: w.amount, kind: 'money' },
        { key: 'photo', label: w.photo, kind: 'text' },
      ],
      rows: receipts.slice(0, 20).map((receipt) => ({
        date: receipt.entry.workDate,
        employee: employeeName(receipt.entry),
        site: receipt.entry.siteName,
        amount: receipt.index === 1 ? receipt.entry.parkingCents : null,
        photo: w.photoOf(receipt.index, receipt.entry.photos.length),
      })),
      rowCount: receipts.length,
      chart: parkingBySiteChart(
        entries.filter((entry) => entry.photos.length > 0),
        params,
      ),
    };
  },
  async write(ctx, asked, format, out) {
    const params = await withFiltersText(ctx.db, asked);
    const receipts = receiptsOf(await parkingEntries(ctx.db, params, 'site'));
    if (format === 'xlsx') return writeXlsx(ctx, params, receipts, out);
    await writePdf(out, params, {
      title: title[params.language],
      content: await pdfContent(ctx, params, receipts),
    });
  },
};
