import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasPdftotext, pdfText } from '../../../../test/pdf-text.ts';
import { assignations, orders, sites, timesheetEvents } from '../../../db/schema/index.ts';
import { readBook, render, reportTestApp, sheetValues } from '../parking/test-kit.ts';
import { sitesListReport } from './sites-list.ts';
import { sitesOrdersSummaryReport } from './sites-orders-summary.ts';
import { supervisorsOrdersSummaryReport } from './supervisors-orders-summary.ts';

const { t, call, ctx, weekStart, day, week, english, empty } = await reportTestApp();

let berube: { id: string };
let laval: { id: string };
let nobody: { id: string };
let nadia: { id: string };
let tour: { id: string };

beforeAll(async () => {
  berube = (await call('POST', '/clients', { name: 'Construction Bérubé' })).json();
  laval = (await call('POST', '/clients', { name: 'Immeubles Laval' })).json();
  nobody = (await call('POST', '/clients', { name: 'Zénith sans chantier' })).json();
  nadia = await t.createUser({
    role: 'supervisor',
    clientId: berube.id,
    firstName: 'Nadia',
    lastName: 'Roy',
  });
  const jim = await t.createUser({
    role: 'supervisor',
    clientId: berube.id,
    firstName: 'Jim',
    lastName: 'Walsh',
  });
  const kim = await t.createUser({
    role: 'supervisor',
    clientId: laval.id,
    firstName: 'Kim',
    lastName: 'Adams',
  });
  tour = (
    await call('POST', `/clients/${berube.id}/sites`, {
      name: 'Tour Deschamps',
      street: '100 rue Principale',
      city: 'Laval',
      postalCode: 'H7N 1A1',
      po: 'PO-4471',
      jobNumber: 'J-88',
      type: 'contract',
      startDate: '2026-01-05',
      supervisorIds: [nadia.id, jim.id],
    })
  ).json();
  const centre = (
    await call('POST', `/clients/${laval.id}/sites`, {
      name: 'Centre Laval',
      type: 'gestion',
      supervisorIds: [kim.id],
    })
  ).json();
  const closed = (
    await call('POST', `/clients/${berube.id}/sites`, { name: 'Atelier fermé', supervisorIds: [nadia.id] })
  ).json();
  await t.db.update(sites).set({ archived: true }).where(eq(sites.id, closed.id));

  const [luc, marie, paul] = await Promise.all([
    t.createEmployee({ firstName: 'Luc', lastName: 'Tremblay' }),
    t.createEmployee({ firstName: 'Marie', lastName: 'Gagnon' }),
    t.createEmployee({ firstName: 'Paul', lastName: 'Roy' }),
  ]);
  const order = async (values: Partial<typeof orders.$inferInsert>, confirmed: string[]) => {
    const [row] = await t.db
      .insert(orders)
      .values({
        clientId: berube.id,
        siteId: tour.id,
        workersNeeded: 1,
        startsOn: day(1),
        endsOn: day(5),
        dailyStartMinute: 420,
        dailyEndMinute: 930,
        ...values,
      })
      .returning();
    for (const employeeId of confirmed)
      await t.db.insert(assignations).values({ orderId: row!.id, employeeId, status: 'confirmed' });
  };
  // Tour: 3 a day Monday to Friday, 2 confirmed (10 of 15), and 1 on Saturday, none confirmed: 10 of 16.
  await order({ workersNeeded: 3 }, [luc.id, marie.id]);
  await order({ startsOn: day(6), endsOn: day(6), includeWeekends: true }, []);
  // A cancelled order counts nowhere.
  await order({ workersNeeded: 5, cancelledAt: new Date() }, []);
  // Centre: 2 a day Tuesday and Wednesday, both confirmed.
  await order({ clientId: laval.id, siteId: centre.id, workersNeeded: 2, startsOn: day(2), endsOn: day(3) }, [
    paul.id,
    marie.id,
  ]);

  const lucHeaders = (await t.signIn(luc)).headers;
  const paulHeaders = (await t.signIn(paul)).headers;
  const log = async (headers: Record<string, string>, siteId: string, date: string) =>
    expect(
      (
        await call(
          'POST',
          '/time-entries',
          { siteId, workDate: date, startTime: '07:00', endTime: '15:00', breakMinutes: 0 },
          headers,
        )
      ).statusCode,
    ).toBe(201);
  await log(lucHeaders, tour.id, day(1));
  await log(lucHeaders, tour.id, day(2));
  await log(paulHeaders, centre.id, day(2));

  // Tour's week: sent, approved by Nadia 26 hours after it was sent. Centre's: sent, waiting.
  const tourSheet = (await call('POST', '/timesheets', { siteId: tour.id, week: weekStart })).json();
  expect((await call('POST', `/timesheets/${tourSheet.id}/send`, {})).statusCode).toBe(200);
  const approved = await call(
    'POST',
    `/timesheets/${tourSheet.id}/approve`,
    undefined,
    (await t.signIn(nadia as { id: string; email: string })).headers,
  );
  expect(approved.statusCode).toBe(200);
  const approvedAt = new Date(approved.json().approvedAt);
  await t.db
    .update(timesheetEvents)
    .set({ at: new Date(approvedAt.getTime() - 26 * 3600_000) })
    .where(and(eq(timesheetEvents.timesheetId, tourSheet.id), eq(timesheetEvents.kind, 'sent')));
  const centreSheet = (await call('POST', '/timesheets', { siteId: centre.id, week: weekStart })).json();
  expect((await call('POST', `/timesheets/${centreSheet.id}/send`, {})).statusCode).toBe(200);
});

describe('sites orders summary', () => {
  it('gives per site its orders, workers ordered and confirmed, coverage, hours and open places', async () => {
    const book = await readBook(await render(ctx, sitesOrdersSummaryReport, 'xlsx', week));
    const [summary, perDay] = book.worksheets;
    expect(summary?.name).toBe('Sommaire par chantier');
    expect(summary?.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(summary?.autoFilter).toBe('A4:H4');
    expect(sheetValues(summary!, 5).slice(0, 3)).toEqual([
      ['Construction Bérubé', 'Tour Deschamps', 2, 16, 10, 0.625, 16, 2],
      ['Immeubles Laval', 'Centre Laval', 1, 4, 4, 1, 8, 0],
      ['Total', null, 3, 20, 14, 0.7, 24, 2],
    ]);
    expect(summary?.getCell('D7').formula).toBe('SUBTOTAL(9,D5:D6)');
    expect(summary?.getCell('F5').formula).toBe('IF(D5=0,"",E5/D5)');
    expect(summary?.getCell('G5').numFmt).toBe('General"\u00a0h"');
    expect(perDay?.name).toBe('Par jour');
    const days = sheetValues(perDay!, 5);
    expect(days.map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
      ...[1, 2, 3, 4, 5].map((index) => ['Tour Deschamps', new Date(`${day(index)}T00:00:00Z`), 3, 2]),
      ['Tour Deschamps', new Date(`${day(6)}T00:00:00Z`), 1, 0],
      ['Centre Laval', new Date(`${day(2)}T00:00:00Z`), 2, 2],
      ['Centre Laval', new Date(`${day(3)}T00:00:00Z`), 2, 2],
    ]);
  });

  it.runIf(hasPdftotext)('as a PDF, landscape, in French and in English', async () => {
    const french = pdfText(await render(ctx, sitesOrdersSummaryReport, 'pdf', week));
    expect(french).toContain('Sommaire des commandes par chantier');
    expect(french).toMatch(/Tour Deschamps\s+2\s+16\s+10\s+62,5 %\s+16 h\s+2/);
    expect(french).toContain('Page 1 de 1');
    const inEnglish = pdfText(await render(ctx, sitesOrdersSummaryReport, 'pdf', english));
    expect(inEnglish).toMatch(/Tour Deschamps\s+2\s+16\s+10\s+62\.5%\s+16 h\s+2/);
    expect(inEnglish).toContain('Ordered and confirmed per day');
  });

  it('previews ordered vs confirmed per site, and keeps to its filters', async () => {
    const preview = await sitesOrdersSummaryReport.preview(ctx, week);
    expect(preview.rowCount).toBe(2);
    expect(preview.chart?.data).toEqual([
      { site: 'Tour Deschamps', ordered: 16, confirmed: 10 },
      { site: 'Centre Laval', ordered: 4, confirmed: 4 },
    ]);
    const ofLaval = await sitesOrdersSummaryReport.preview(ctx, { ...week, clientId: laval.id });
    expect(ofLaval.rows.map((row) => row.site)).toEqual(['Centre Laval']);
    const ofNadia = await sitesOrdersSummaryReport.preview(ctx, { ...week, supervisorId: nadia.id });
    expect(ofNadia.rows.map((row) => row.site)).toEqual(['Tour Deschamps']);
  });
});

describe('supervisors orders summary', () => {
  it('gives per supervisor their sites, orders, timesheets sent, approved, waiting and the time to approve', async () => {
    const book = await readBook(await render(ctx, supervisorsOrdersSummaryReport, 'xlsx', week));
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Sommaire par superviseur');
    expect(sheetValues(sheet, 5).slice(0, 4)).toEqual([
      ['Adams, Kim', 'Immeubles Laval', 'Centre Laval', 1, 1, 0, 1, null],
      ['Roy, Nadia', 'Construction Bérubé', 'Atelier fermé, Tour Deschamps', 2, 1, 1, 0, 26],
      ['Walsh, Jim', 'Construction Bérubé', 'Tour Deschamps', 2, 1, 1, 0, 26],
      ['Total', null, null, 5, 3, 2, 1],
    ]);
    const ofTour = await supervisorsOrdersSummaryReport.preview(ctx, { ...english, siteId: tour.id });
    expect(ofTour.rows).toEqual([
      expect.objectContaining({ supervisor: 'Roy, Nadia', sites: 'Tour Deschamps', sent: 1, waiting: 0 }),
      expect.objectContaining({ supervisor: 'Walsh, Jim', sites: 'Tour Deschamps', sent: 1, waiting: 0 }),
    ]);
    expect(ofTour.chart?.series.map((series) => series.label)).toEqual([
      'Timesheets sent',
      'Approved',
      'Waiting',
    ]);
  });

  it.runIf(hasPdftotext)('as a PDF', async () => {
    const french = pdfText(await render(ctx, supervisorsOrdersSummaryReport, 'pdf', week));
    expect(french).toMatch(/Walsh, Jim\s+Construction Bérubé\s+Tour Deschamps\s+2\s+1\s+1\s+0\s+26 h/);
    expect(french).toContain('Délai moyen');
    const inEnglish = pdfText(await render(ctx, supervisorsOrdersSummaryReport, 'pdf', english));
    expect(inEnglish).toContain('Average time');
    expect(inEnglish).toContain('Page 1 of 1');
  });
});

describe('sites list', () => {
  it('lists every site with client, address, type, PO, Job #, supervisors, status and dates', async () => {
    const book = await readBook(await render(ctx, sitesListReport, 'xlsx', week));
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Chantiers');
    expect(sheetValues(sheet, 5).slice(0, 3)).toEqual([
      [
        'Construction Bérubé',
        'Atelier fermé',
        null,
        'Aucun',
        null,
        null,
        'Roy, Nadia',
        'Inactif',
        null,
        null,
      ],
      [
        'Construction Bérubé',
        'Tour Deschamps',
        '100 rue Principale, Laval, QC H7N 1A1',
        'Contrat',
        'PO-4471',
        'J-88',
        'Roy, Nadia; Walsh, Jim',
        'Actif',
        new Date('2026-01-05T00:00:00Z'),
        null,
      ],
      ['Immeubles Laval', 'Centre Laval', null, 'Gestion', null, null, 'Adams, Kim', 'Actif', null, null],
    ]);
    const preview = await sitesListReport.preview(ctx, { ...english, clientId: laval.id });
    expect(preview.rows).toEqual([
      expect.objectContaining({ site: 'Centre Laval', type: 'Management', status: 'Active' }),
    ]);
  });

  it.runIf(hasPdftotext)('as a PDF in English', async () => {
    const text = pdfText(await render(ctx, sitesListReport, 'pdf', english));
    expect(text).toContain('Sites list');
    expect(text).toContain('Contract');
    expect(text).toContain('PO-4471');
    expect(text).toContain('Page 1 of 1');
  });
});

describe('an empty period', () => {
  it('gives documents that say so', async () => {
    const cases = [
      [sitesOrdersSummaryReport, empty],
      [supervisorsOrdersSummaryReport, { ...empty, clientId: nobody.id }],
      [sitesListReport, { ...empty, clientId: nobody.id }],
    ] as const;
    for (const [report, params] of cases) {
      const book = await readBook(await render(ctx, report, 'xlsx', params));
      expect(sheetValues(book.worksheets[0]!, 5)[0]).toEqual(['Aucune donnée pour cette période.']);
      if (hasPdftotext) expect(pdfText(await render(ctx, report, 'pdf', params))).toContain('Aucune donnée');
      expect((await report.preview(ctx, params)).rowCount).toBe(0);
    }
  });
});
