import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasPdftotext, pdfText } from '../../../../test/pdf-text.ts';
import { timeEntries } from '../../../db/schema/index.ts';
import { parkingFeesByEmployeeReport } from './parking-fees-by-employee.ts';
import { parkingFeesBySiteReport } from './parking-fees-by-site.ts';
import { parkingPhotosReport } from './parking-photos.ts';
import { parkingPhotosZipReport, receiptPaths, safePart } from './parking-photos-zip.ts';
import { readBook, render, reportTestApp, sheetValues, unzip } from './test-kit.ts';

const { t, admin, call, ctx, day, week, english, empty } = await reportTestApp();

let tour: { id: string };
let helene: { id: string };
let luc: { id: string };

const receipt = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  const berube = (await call('POST', '/clients', { name: 'Construction Bérubé' })).json();
  const laval = (await call('POST', '/clients', { name: 'Immeubles Laval' })).json();
  const nadia = await t.createUser({
    role: 'supervisor',
    clientId: berube.id,
    firstName: 'Nadia',
    lastName: 'Roy',
  });
  const jim = await t.createUser({
    role: 'supervisor',
    clientId: laval.id,
    firstName: 'Jim',
    lastName: 'Walsh',
  });
  tour = (
    await call('POST', `/clients/${berube.id}/sites`, { name: 'Tour Deschamps', supervisorIds: [nadia.id] })
  ).json();
  const centre = (
    await call('POST', `/clients/${laval.id}/sites`, { name: 'Centre: Laval/Nord', supervisorIds: [jim.id] })
  ).json();
  const heleneUser = await t.createEmployee({ firstName: 'Hélène', lastName: 'Côté' });
  const lucUser = await t.createEmployee({ firstName: 'Luc', lastName: "O'Neil" });
  helene = heleneUser;
  luc = lucUser;
  const heleneHeaders = (await t.signIn(heleneUser)).headers;
  const lucHeaders = (await t.signIn(lucUser)).headers;
  const entry = async (
    headers: Record<string, string>,
    siteId: string,
    date: string,
    parking: number,
    photos: number,
  ) => {
    const response = await call(
      'POST',
      '/time-entries',
      { siteId, workDate: date, startTime: '07:00', endTime: '15:00', breakMinutes: 0, parking },
      headers,
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    for (let count = 0; count < photos; count++) {
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/time-entries/${id}/photos`,
        headers: { ...headers, 'content-type': 'image/jpeg' },
        payload: await receipt(),
      });
      expect(upload.statusCode).toBe(201);
    }
  };
  await entry(heleneHeaders, tour.id, day(1), 12.5, 2);
  await entry(heleneHeaders, tour.id, day(2), 14, 0);
  await entry(lucHeaders, tour.id, day(1), 9.75, 1);
  await entry(lucHeaders, centre.id, day(3), 20, 1);
  // No parking, no photo: in none of these reports.
  await entry(lucHeaders, centre.id, day(4), 0, 0);
});

describe('parking photos', () => {
  it('lists each receipt in the workbook with a link to its photo, the amount counted once per entry', async () => {
    const book = await readBook(await render(ctx, parkingPhotosReport, 'xlsx', week));
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Photos des reçus');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(sheet.autoFilter).toBe('A4:H4');
    expect(sheet.getColumn(2).width).toBe(28);
    expect(sheet.getRow(4).values).toEqual([
      undefined,
      'Date',
      'Travailleur',
      'No d’employé',
      'Client',
      'Chantier',
      'Montant',
      'Photo',
      'Voir la photo',
    ]);
    const rows = sheetValues(sheet, 5);
    expect(rows.map((row) => [row[1], row[4], row[5], row[6] ?? null])).toEqual([
      ['Côté, Hélène', 'Tour Deschamps', 12.5, 'Photo 1 de 2'],
      ['Côté, Hélène', 'Tour Deschamps', null, 'Photo 2 de 2'],
      ["O'Neil, Luc", 'Tour Deschamps', 9.75, 'Photo 1 de 1'],
      ["O'Neil, Luc", 'Centre: Laval/Nord', 20, 'Photo 1 de 1'],
      [null, null, 42.25, null],
    ]);
    expect(rows[4]?.[0]).toBe('Total');
    // A real date, a money format, the total a formula, the link through the app.
    expect(sheet.getCell('A5').value).toEqual(new Date(`${day(1)}T00:00:00Z`));
    expect(sheet.getCell('F5').numFmt).toBe('#,##0.00"\u00a0$"');
    expect(sheet.getCell('F9').formula).toBe('SUBTOTAL(9,F5:F8)');
    // The link opens the app's photo page (a link from Excel opens the browser, which sends no
    // token): signed in, the page reads the photo from the API with the session's token.
    const link = sheet.getCell('H5').value as { hyperlink: string };
    const [, entryId, photoId] =
      /^https:\/\/brigade\.example\/receipt-photos\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/.exec(link.hyperlink) ??
      [];
    expect(entryId, link.hyperlink).toBeTruthy();
    const photoApi = `/api/time-entries/${entryId}/photos/${photoId}`;
    const photo = await t.app.inject({ method: 'GET', url: photoApi, headers: admin.headers });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: photoApi })).statusCode).toBe(401);
  });

  it.runIf(hasPdftotext)(
    'puts the photos on the page with worker, site, day and amount, in the language asked',
    async () => {
      const french = pdfText(await render(ctx, parkingPhotosReport, 'pdf', week));
      expect(french).toContain('Photos des reçus de stationnement');
      expect(french).toContain('Côté, Hélène');
      expect(french).toContain('12,50 $');
      expect(french).toContain('Photo 2 de 2');
      expect(french).toContain('Page 1 de 1');
      const inEnglish = pdfText(await render(ctx, parkingPhotosReport, 'pdf', english));
      expect(inEnglish).toContain('Parking receipt photos');
      expect(inEnglish).toContain('$12.50');
      expect(inEnglish).toContain('Page 1 of 1');
    },
  );

  it('previews the receipts with parking by site, and keeps to its filters', async () => {
    const preview = await parkingPhotosReport.preview(ctx, week);
    expect(preview.rowCount).toBe(4);
    expect(preview.chart?.data).toEqual([
      { site: 'Tour Deschamps', amount: 22.25 },
      { site: 'Centre: Laval/Nord', amount: 20 },
    ]);
    const lucOnly = await parkingPhotosReport.preview(ctx, { ...week, employeeId: luc.id });
    expect(lucOnly.rows.map((row) => row.employee)).toEqual(["O'Neil, Luc", "O'Neil, Luc"]);
    const tourOnly = await parkingPhotosReport.preview(ctx, { ...week, siteId: tour.id });
    expect(tourOnly.rowCount).toBe(3);
  });
});

describe('parking fees', () => {
  it('by site: amounts per day, subtotals and grand total as formulas, receipts, entries without a photo', async () => {
    const book = await readBook(await render(ctx, parkingFeesBySiteReport, 'xlsx', week));
    const [bySite, missing] = book.worksheets;
    expect(bySite?.name).toBe('Stationnement par chantier');
    const rows = sheetValues(bySite!, 5).map((row) => [row[0], row[3], row[4], row[5], row[6]]);
    expect(rows).toEqual([
      ['Tour Deschamps', 22.25, 2, 3, 0],
      ['Tour Deschamps', 14, 1, 0, 1],
      ['Total — Tour Deschamps', 36.25, 3, 3, 1],
      ['Centre: Laval/Nord', 20, 1, 1, 0],
      ['Total — Centre: Laval/Nord', 20, 1, 1, 0],
      ['Total général', 56.25, 4, 4, 1],
    ]);
    expect(bySite?.getCell('D7').formula).toBe('SUBTOTAL(9,D5:D6)');
    expect(bySite?.getCell('D10').formula).toBe('SUBTOTAL(9,D5:D9)');
    expect(missing?.name).toBe('Sans photo');
    expect(sheetValues(missing!, 5)).toEqual([
      [
        new Date(`${day(2)}T00:00:00Z`),
        'Côté, Hélène',
        expect.any(String),
        'Construction Bérubé',
        'Tour Deschamps',
        14,
      ],
      ['Total', null, null, null, null, 14],
    ]);
  });

  it.runIf(hasPdftotext)('by worker, as a PDF in French and in English', async () => {
    const french = pdfText(await render(ctx, parkingFeesByEmployeeReport, 'pdf', week));
    expect(french).toContain('Frais de stationnement par travailleur');
    expect(french).toMatch(/Total — Côté, Hélène\s+26,50 \$\s+2\s+2\s+1/);
    expect(french).toMatch(/Total général\s+56,25 \$\s+4\s+4\s+1/);
    expect(french).toContain('Entrées avec stationnement sans photo');
    const inEnglish = pdfText(await render(ctx, parkingFeesByEmployeeReport, 'pdf', english));
    expect(inEnglish).toMatch(/Grand total\s+\$56\.25/);
    expect(inEnglish).toContain('Page 1 of 1');
  });

  it('names the filters applied under the period', async () => {
    const book = await readBook(
      await render(ctx, parkingFeesBySiteReport, 'xlsx', { ...week, siteId: tour.id, employeeId: luc.id }),
    );
    expect(book.worksheets[0]?.getCell('A2').value).toMatch(
      /^Brigade — placement de main-d’œuvre · Période : du .* · Chantier : Tour Deschamps · Travailleur : O'Neil, Luc$/,
    );
    expect(sheetValues(book.worksheets[0]!, 5).map((row) => row[0])).toEqual([
      'Tour Deschamps',
      'Total — Tour Deschamps',
      'Total général',
    ]);
    if (hasPdftotext) {
      const text = pdfText(await render(ctx, parkingPhotosReport, 'pdf', { ...english, employeeId: luc.id }));
      expect(text).toContain("Worker: O'Neil, Luc");
      expect(text).not.toContain('Côté');
    }
  });

  it('previews the days with a chart, by worker too', async () => {
    const preview = await parkingFeesByEmployeeReport.preview(ctx, week);
    expect(preview.rowCount).toBe(4);
    expect(preview.chart?.data).toEqual([
      { employee: "O'Neil, Luc", amount: 29.75 },
      { employee: 'Côté, Hélène', amount: 26.5 },
    ]);
    const bySite = await parkingFeesBySiteReport.preview(ctx, {
      ...week,
      clientId: undefined,
      employeeId: helene.id,
    });
    expect(bySite.rows).toEqual([
      { group: 'Tour Deschamps', date: day(1), amount: 1250, entries: 1, receipts: 2, withoutPhoto: 0 },
      { group: 'Tour Deschamps', date: day(2), amount: 1400, entries: 1, receipts: 0, withoutPhoto: 1 },
    ]);
  });
});

describe('parking photos ZIP', () => {
  it('streams a folder per site then worker, files named by day, name and amount, and an index', async () => {
    const files = await unzip(await render(ctx, parkingPhotosZipReport, 'zip', week));
    const names = [...files.keys()];
    expect(names).toEqual([
      'index.csv',
      `Tour-Deschamps/Côté-Hélène/${day(1)}_côté-hélène_12,50.jpg`,
      `Tour-Deschamps/Côté-Hélène/${day(1)}_côté-hélène_12,50_2.jpg`,
      `Tour-Deschamps/O-Neil-Luc/${day(1)}_o-neil-luc_9,75.jpg`,
      `Centre-Laval-Nord/O-Neil-Luc/${day(3)}_o-neil-luc_20,00.jpg`,
    ]);
    for (const name of names.slice(1)) {
      const photo = files.get(name)!;
      expect(photo.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(await sharp(photo).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    }
    const index = files.get('index.csv')!.toString('utf8');
    expect(index.startsWith('\ufeff')).toBe(true);
    const lines = index
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(lines[0]).toEqual([
      'Date',
      'Travailleur',
      'No d’employé',
      'Client',
      'Chantier',
      'Montant',
      'Photo',
      'Fichier',
    ]);
    expect(lines.slice(1).map((line) => [line[1], line[5], line[6], line[7]])).toEqual([
      ['Côté, Hélène', '12,50', '1', names[1]],
      ['Côté, Hélène', '', '2', names[2]],
      ["O'Neil, Luc", '9,75', '1', names[3]],
      ["O'Neil, Luc", '20,00', '1', names[4]],
    ]);
  });

  it('reads the photos from the storage one at a time, as the archive reaches them', async () => {
    const storage = ctx.storage;
    let reading = 0;
    let most = 0;
    const asked: string[] = [];
    const counting = {
      ...storage,
      async get(key: string) {
        asked.push(key);
        reading += 1;
        most = Math.max(most, reading);
        try {
          return await storage.get(key);
        } finally {
          reading -= 1;
        }
      },
    };
    const files = await unzip(
      await render({ ...ctx, storage: counting }, parkingPhotosZipReport, 'zip', week),
    );
    expect(files.size).toBe(5);
    expect(asked).toHaveLength(4);
    expect(most).toBe(1);
  });

  it('writes its index with commas in English', async () => {
    const files = await unzip(await render(ctx, parkingPhotosZipReport, 'zip', english));
    const index = files.get('index.csv')!.toString('utf8');
    expect(index.startsWith('\ufeff')).toBe(false);
    expect(index.split('\r\n')[0]).toBe('Date,Worker,Employee no.,Client,Site,Amount,Photo,File');
    expect(index).toContain(
      `Immeubles Laval,Centre: Laval/Nord,20.00,1,Centre-Laval-Nord/O-Neil-Luc/${day(3)}_o-neil-luc_20.00.jpg`,
    );
  });
});

describe('names in the ZIP', () => {
  it('keeps accents, leaves out what a system refuses, and never gives two files one name', () => {
    expect(safePart('../../etc/passwd')).toBe('etc-passwd');
    expect(safePart('Ça: "Tour" <B>\\ 12 | ?*')).toBe('Ça-Tour-B-12');
    expect(safePart('...')).toBe('-');
    expect(safePart('Éloïse Bérubé', { lowerCase: true })).toBe('éloïse-bérubé');
    const entry = (siteId: string, siteName: string, employeeId: string, lastName: string) => ({
      entryId: `${siteId}-${employeeId}`,
      workDate: '2026-11-16',
      employeeId,
      firstName: 'Marc',
      lastName,
      employeeNumber: 'E-1',
      clientId: 'c',
      clientName: 'Client',
      siteId,
      siteName,
      parkingCents: 1000,
      photos: [],
    });
    const receipts = [
      entry('s1', 'Tour A', 'e1', 'Roy'),
      entry('s1', 'Tour A', 'e1', 'Roy'),
      // Another worker of the same name, another site of the same name (another client's).
      entry('s1', 'Tour A', 'e2', 'Roy'),
      entry('s2', 'Tour A', 'e1', 'Roy'),
    ].map((e) => ({ entry: e, photoId: 'p', storageKey: 'receipt/x', index: 1 }));
    expect(receiptPaths(receipts, 'fr')).toEqual([
      'Tour-A/Roy-Marc/2026-11-16_roy-marc_10,00.jpg',
      'Tour-A/Roy-Marc/2026-11-16_roy-marc_10,00_2.jpg',
      'Tour-A/Roy-Marc-2/2026-11-16_roy-marc_10,00.jpg',
      'Tour-A-2/Roy-Marc/2026-11-16_roy-marc_10,00.jpg',
    ]);
  });
});

describe('an empty period', () => {
  it('gives documents that say so', async () => {
    for (const report of [parkingPhotosReport, parkingFeesBySiteReport, parkingFeesByEmployeeReport]) {
      const book = await readBook(await render(ctx, report, 'xlsx', empty));
      expect(sheetValues(book.worksheets[0]!, 5)).toEqual([['Aucune donnée pour cette période.']]);
      if (hasPdftotext)
        expect(pdfText(await render(ctx, report, 'pdf', empty))).toContain(
          'Aucune donnée pour cette période.',
        );
      expect((await report.preview(ctx, empty)).rowCount).toBe(0);
    }
    const files = await unzip(await render(ctx, parkingPhotosZipReport, 'zip', empty));
    expect([...files.keys()]).toEqual(['index.csv', 'aucune-photo.txt']);
    expect(files.get('aucune-photo.txt')?.toString('utf8')).toContain(
      'Aucune photo de reçu de stationnement pour cette période.',
    );
  });
});

describe('a longer document', () => {
  // Last: it adds receipts the tests above do not count.
  it.runIf(hasPdftotext)('puts six receipts a page, the title, period and page number on each', async () => {
    const [withoutPhoto] = await t.db
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(and(eq(timeEntries.employeeId, helene.id), eq(timeEntries.workDate, day(2))));
    for (let count = 0; count < 3; count++) {
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/time-entries/${withoutPhoto?.id}/photos`,
        headers: { ...admin.headers, 'content-type': 'image/jpeg' },
        payload: await receipt(),
      });
      expect(upload.statusCode).toBe(201);
    }
    const text = pdfText(await render(ctx, parkingPhotosReport, 'pdf', week));
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 de 2');
    expect(pages[1]).toContain('Page 2 de 2');
    for (const page of pages) expect(page).toContain('Photos des reçus de stationnement');
    // Hélène's 2 + 3 receipts and Luc's first on the first page, Luc's second on the next.
    expect(pages[0]?.match(/Côté, Hélène/g)).toHaveLength(5);
    expect(pages[0]?.match(/O'Neil, Luc/g)).toHaveLength(1);
    expect(pages[1]).toContain("O'Neil, Luc");
  });
});
