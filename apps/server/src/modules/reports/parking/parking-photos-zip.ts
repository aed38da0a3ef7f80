import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatAmount, type Language } from '@brigade/shared';
import yazl from 'yazl';
import type { ReportContext, ReportDefinition, ReportParams } from '../definition.ts';
import { commonWords, periodText, withFiltersText } from './document.ts';
import { employeeName, type ParkingEntry, parkingEntries } from './entries.ts';
import { parkingBySiteChart, type Receipt, receiptsOf } from './parking-photos.ts';
import { parkingWords } from './texts.ts';

/**
 * A part of a path any system accepts: letters (accents kept, composed), digits, and `-` for
 * whatever else (spaces, slashes, quotes, `:`…), never empty, never a dot first.
 */
export function safePart(text: string, options: { lowerCase?: boolean } = {}): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const part = cleaned || '-';
  return options.lowerCase ? part.toLocaleLowerCase('fr-CA') : part;
}

/** Gives each key a name of its own: a second "Tour A" (another client's) becomes "Tour-A-2". */
function uniqueNames() {
  const byKey = new Map<string, string>();
  const taken = new Set<string>();
  return (key: string, wanted: string) => {
    const known = byKey.get(key);
    if (known) return known;
    let name = wanted;
    for (let n = 2; taken.has(name.toLocaleLowerCase('fr-CA')); n++) name = `${wanted}-${n}`;
    taken.add(name.toLocaleLowerCase('fr-CA'));
    byKey.set(key, name);
    return name;
  };
}

/**
 * Where each receipt goes in the archive: `<site>/<worker>/AAAA-MM-JJ_nom-prenom_montant.jpg`, a
 * folder per site then per worker, two photos of one day numbered (`…_14,00_2.jpg`).
 */
export function receiptPaths(receipts: Receipt[], language: Language): string[] {
  const siteFolder = uniqueNames();
  const workerFolders = new Map<string, ReturnType<typeof uniqueNames>>();
  const files = new Set<string>();
  return receipts.map(({ entry }) => {
    const site = siteFolder(entry.siteId, safePart(entry.siteName));
    const inSite = workerFolders.get(entry.siteId) ?? uniqueNames();
    workerFolders.set(entry.siteId, inSite);
    const worker = inSite(entry.employeeId, safePart(`${entry.lastName} ${entry.firstName}`));
    const stem = [
      entry.workDate,
      safePart(`${entry.lastName}-${entry.firstName}`, { lowerCase: true }),
      formatAmount(entry.parkingCents, language),
    ].join('_');
    let path = `${site}/${worker}/${stem}.jpg`;
    for (let n = 2; files.has(path.toLocaleLowerCase('fr-CA')); n++)
      path = `${site}/${worker}/${stem}_${n}.jpg`;
    files.add(path.toLocaleLowerCase('fr-CA'));
    return path;
  });
}

/** A CSV field, quoted when it must be. */
const field = (value: string, separator: string) =>
  value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * The archive's index: one line per photo (day, worker, number, client, site, amount, file).
 * French: UTF-8 with a BOM, `;` and a decimal comma, as Excel opens it in French; English: `,`.
 */
export function indexCsv(receipts: Receipt[], paths: string[], params: ReportParams): string {
  const w = parkingWords(params.language);
  const semicolon = (params.csvVariant ?? (params.language === 'fr' ? 'semicolon' : 'comma')) === 'semicolon';
  const separator = semicolon ? ';' : ',';
  const amount = (cents: number) => {
    const text = (cents / 100).toFixed(2);
    return semicolon ? text.replace('.', ',') : text;
  };
  const lines = [
    [w.date, w.employee, w.number, w.client, w.site, w.amount, w.photo, w.file],
    ...receipts.map(({ entry, index }, at) => [
      entry.workDate,
      employeeName(entry),
      entry.employeeNumber,
      entry.clientName,
      entry.siteName,
      // The amount is the entry's: on its first photo only, so that a sum counts it once.
      index === 1 ? amount(entry.parkingCents) : '',
      String(index),
      paths[at] as string,
    ]),
  ];
  const body = lines.map((line) => line.map((value) => field(value, separator)).join(separator)).join('\r\n');
  return `${semicolon ? '\ufeff' : ''}${body}\r\n`;
}

/**
 * Writes the archive to `out` as it goes: the photos are read one at a time from the storage when
 * the archive reaches them (yazl asks for each stream in turn), stored as they are (a JPEG does not
 * compress), so memory stays flat whatever the number of photos.
 */
async function writeZip(ctx: ReportContext, params: ReportParams, entries: ParkingEntry[], out: Writable) {
  const w = parkingWords(params.language);
  const receipts = receiptsOf(entries);
  const paths = receiptPaths(receipts, params.language);
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream as Readable, out, { signal: ctx.signal });
  const mtime = new Date();
  zip.addBuffer(Buffer.from(indexCsv(receipts, paths, params), 'utf8'), w.index, { mtime });
  if (receipts.length === 0)
    zip.addBuffer(
      Buffer.from(
        `${w.noPhotos}\r\n${periodText(params)}\r\n${commonWords(params.language).company}\r\n`,
        'utf8',
      ),
      w.noPhotosFile,
      { mtime },
    );
  receipts.forEach((receipt, at) => {
    zip.addReadStreamLazy(paths[at] as string, { compress: false, mtime }, (callback) => {
      if (ctx.signal.aborted) return callback(ctx.signal.reason, Readable.from([]));
      ctx.storage.get(receipt.storageKey).then(
        // A photo gone from the storage leaves an empty file rather than a broken archive.
        (file) => callback(null, Readable.from(file ? [file] : [])),
        (error) => callback(error, Readable.from([])),
      );
    });
  });
  zip.end();
  await done;
}

/** Report 6: the period's receipt photos in a ZIP, a folder per site then worker, with an index CSV. */
export const parkingPhotosZipReport: ReportDefinition = {
  type: 'parking-photos-zip',
  formats: ['zip'],
  filters: ['client', 'site', 'supervisor', 'employee'],
  fileStem: { fr: 'photos-stationnement', en: 'parking-photos' },
  title: { fr: 'Photos des reçus de stationnement (ZIP)', en: 'Parking receipt photos (ZIP)' },
  async preview(ctx, params) {
    const w = parkingWords(params.language);
    const entries = await parkingEntries(ctx.db, params, 'site');
    const receipts = receiptsOf(entries);
    const paths = receiptPaths(receipts, params.language);
    return {
      columns: [
        { key: 'file', label: w.file, kind: 'text' },
        { key: 'date', label: w.date, kind: 'date' },
        { key: 'employee', label: w.employee, kind: 'text' },
        { key: 'site', label: w.site, kind: 'text' },
        { key: 'amount', label: w.amount, kind: 'money' },
      ],
      rows: receipts.slice(0, 20).map((receipt, at) => ({
        file: paths[at] as string,
        date: receipt.entry.workDate,
        employee: employeeName(receipt.entry),
        site: receipt.entry.siteName,
        amount: receipt.index === 1 ? receipt.entry.parkingCents : null,
      })),
      rowCount: receipts.length,
      chart: parkingBySiteChart(
        entries.filter((entry) => entry.photos.length > 0),
        params,
      ),
    };
  },
  async write(ctx, asked, _format, out) {
    const params = await withFiltersText(ctx.db, asked);
    await writeZip(ctx, params, await parkingEntries(ctx.db, params, 'site'), out);
  },
};
