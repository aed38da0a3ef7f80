import { payWeekStart, type Timesheet } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { hasPdftotext, pdfText } from '../../../test/pdf-text.ts';
import { auditLog, payrollExports } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { parseCsv } from './document/csv.ts';

/**
 * The hours reports (issue 28): employees hours summary, timesheets summary, CCQ register and
 * payroll export, each format read back; one week's totals the same in the reports, the timesheet,
 * the payroll and the worker's week; bad input, an empty period, a payroll exported twice, and a
 * supervisor's own sites.
 *
 * Last pay week, client « Béton Laval » :
 * - Tour Émile (supervised by Sophie): Luc Tremblay Mon–Fri 07:00–17:00 less 30 min (9.5 h a day:
 *   40 regular, 7.5 overtime), 12.50 $ of parking on Monday; Marie Roy a night shift Monday
 *   22:00–06:00 less 30 min (7.5 h) and Tuesday 07:00–15:00 (8 h). Its timesheet sent and approved.
 * - Entrepôt Nord (another supervisor): Paul Côté Monday and Tuesday 07:00–15:30 less 30 min (8 h).
 *   Its timesheet made, not sent.
 */
const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

const weekStart = payWeekStart(addDays(companyToday(), -7));
const weekEnd = addDays(weekStart, 6);
const day = (index: number) => addDays(weekStart, index);
const period = `from=${weekStart}&to=${weekEnd}`;

let clientId: string;
let towerId: string;
let warehouseId: string;
let luc: { id: string };
let marie: { id: string };
let supervisor: { headers: Record<string, string> };
let towerSheet: Timesheet;

async function entry(
  employeeId: string,
  siteId: string,
  index: number,
  start: string,
  end: string,
  breakMinutes = 30,
  parking = 0,
) {
  const response = await call('POST', '/time-entries', {
    employeeId,
    siteId,
    workDate: day(index),
    startTime: start,
    endTime: end,
    breakMinutes,
    parking,
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  const client = (await call('POST', '/clients', { name: 'Béton Laval', language: 'fr' })).json();
  clientId = client.id;
  const sophie = await t.createUser({
    role: 'supervisor',
    clientId,
    firstName: 'Sophie',
    lastName: 'Bédard',
  });
  const other = await t.createUser({ role: 'supervisor', clientId });
  supervisor = await t.signIn(sophie);
  towerId = (
    await call('POST', `/clients/${clientId}/sites`, { name: 'Tour Émile', supervisorIds: [sophie.id] })
  ).json().id;
  warehouseId = (
    await call('POST', `/clients/${clientId}/sites`, { name: 'Entrepôt Nord', supervisorIds: [other.id] })
  ).json().id;
  luc = await t.createEmployee({ firstName: 'Luc', lastName: 'Tremblay' }, { employeeNumber: 'E-100' });
  marie = await t.createEmployee({ firstName: 'Marie', lastName: 'Roy' }, { employeeNumber: 'E-200' });
  const paul = await t.createEmployee({ firstName: 'Paul', lastName: 'Côté' }, { employeeNumber: 'E-300' });
  for (let index = 1; index <= 5; index++)
    await entry(luc.id, towerId, index, '07:00', '17:00', 30, index === 1 ? 12.5 : 0);
  await entry(marie.id, towerId, 1, '22:00', '06:00');
  await entry(marie.id, towerId, 2, '07:00', '15:00', 0);
  await entry(paul.id, warehouseId, 1, '07:00', '15:30');
  await entry(paul.id, warehouseId, 2, '07:00', '15:30');
  const tower = (await call('POST', '/timesheets', { siteId: towerId, week: weekStart })).json();
  expect((await call('POST', `/timesheets/${tower.id}/send`, {})).statusCode).toBe(200);
  const approved = await call('POST', `/timesheets/${tower.id}/approve`, undefined, supervisor.headers);
  expect(approved.statusCode, approved.body).toBe(200);
  towerSheet = approved.json();
  await call('POST', '/timesheets', { siteId: warehouseId, week: weekStart });
});

const get = (url: string, as: Record<string, string> = admin.headers) => call('GET', url, undefined, as);

async function workbook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows as arrays of values (formulas as their results), from the first column. */
function values(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as unknown[])
      .slice(1)
      .map((value) =>
        value && typeof value === 'object' && 'formula' in value
          ? (value as unknown as { result: unknown }).result
          : value,
      );
  });
  return rows;
}

describe('the list', () => {
  it('gives the office every report in the screen’s order, a supervisor the timesheets summary', async () => {
    const list = (await get('/reports')).json();
    expect(list.items.map((item: { type: string }) => item.type)).toEqual([
      'employees-hours',
      'parking-photos',
      'parking-fees-by-site',
      'parking-fees-by-employee',
      'timesheets-summary',
      'parking-photos-zip',
      'sites-orders-summary',
      'supervisors-orders-summary',
      'sites-list',
      'ccq-register',
      'payroll',
    ]);
    expect(list.items[0]).toMatchObject({
      formats: ['pdf', 'xlsx'],
      filters: ['client', 'site', 'supervisor', 'employee'],
      title: { fr: 'Sommaire des heures des employés', en: 'Employees hours summary' },
      fileStem: { fr: 'heures-employes', en: 'employee-hours' },
    });
    const own = (await get('/reports', supervisor.headers)).json();
    expect(own.items.map((item: { type: string }) => item.type)).toEqual(['timesheets-summary']);
  });
});

describe('one week, the same totals everywhere', () => {
  it('the employees hours summary, the timesheet, the payroll and the worker’s week agree', async () => {
    const preview = (await get(`/reports/employees-hours/preview?${period}&siteId=${towerId}`)).json();
    const payroll = parseCsv(
      (await get(`/reports/payroll?${period}&siteId=${towerId}&csvVariant=comma&confirm=true`)).body,
      'comma',
    );
    for (const worker of [luc, marie]) {
      const line = towerSheet.lines.find((each) => each.employee.id === worker.id);
      if (!line) throw new Error('no line');
      const week = (await get(`/time-entries/week?employeeId=${worker.id}&week=${weekStart}`)).json();
      const row = preview.rows.find((each: { number: string }) => each.number === line.employee.number);
      const paid = payroll.find((fields) => fields[0] === line.employee.number) as string[];
      const sheet = {
        minutes: line.minutes,
        regular: line.regular,
        overtime: line.overtime,
        parkingCents: line.parkingCents,
      };
      expect(week.totals).toEqual(sheet);
      expect({
        minutes: row.total,
        regular: row.regular,
        overtime: row.overtime,
        parkingCents: row.parking,
      }).toEqual(sheet);
      expect(paid.slice(7).map(Number)).toEqual([
        sheet.regular / 60,
        sheet.overtime / 60,
        sheet.minutes / 60,
        sheet.parkingCents / 100,
      ]);
    }
    // Luc: 5 × 9.5 h = 47.5 h, 40 regular, 7.5 overtime, 12.50 $.
    expect(towerSheet.lines.find((each) => each.employee.id === luc.id)).toMatchObject({
      minutes: 2850,
      regular: 2400,
      overtime: 450,
      parkingCents: 1250,
    });
  });
});

describe('a worker on two sites in one week', () => {
  it('counts the overtime of the worker’s whole week, on the last hours, the same everywhere', async () => {
    // The week before the last, another client: Alain 25 h on A (Sunday to Tuesday, an hour on
    // Wednesday) and 25 h on B (the rest of Wednesday to Saturday): 50 h, 40 regular, 10 overtime,
    // the week's last 10 h (Friday's 8 and Saturday's 2, on B). Nadia, on Monday, 6 h on A then 4 h
    // on B: 2 h overtime, on B.
    const week = addDays(weekStart, -7);
    const range = `from=${week}&to=${addDays(week, 6)}`;
    const other = (await call('POST', '/clients', { name: 'Coffrage Ouest', language: 'fr' })).json();
    const boss = await t.createUser({ role: 'supervisor', clientId: other.id });
    const bossSession = await t.signIn(boss);
    const siteOf = async (name: string) =>
      (await call('POST', `/clients/${other.id}/sites`, { name, supervisorIds: [boss.id] })).json()
        .id as string;
    const a = await siteOf('Site A');
    const b = await siteOf('Site B');
    const alain = await t.createEmployee(
      { firstName: 'Alain', lastName: 'Gagnon' },
      { employeeNumber: 'E-400' },
    );
    const nadia = await t.createEmployee(
      { firstName: 'Nadia', lastName: 'Cyr' },
      { employeeNumber: 'E-500' },
    );
    const at = async (employeeId: string, siteId: string, index: number, start: string, end: string) => {
      const response = await call('POST', '/time-entries', {
        employeeId,
        siteId,
        workDate: addDays(week, index),
        startTime: start,
        endTime: end,
        breakMinutes: 0,
        parking: 0,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    for (const index of [0, 1, 2]) await at(alain.id, a, index, '07:00', '15:00');
    await at(alain.id, a, 3, '07:00', '08:00');
    await at(alain.id, b, 3, '08:00', '15:00');
    for (const index of [4, 5]) await at(alain.id, b, index, '07:00', '15:00');
    await at(alain.id, b, 6, '07:00', '09:00');
    await at(nadia.id, a, 1, '07:00', '13:00');
    await at(nadia.id, b, 1, '13:30', '17:30');
    const sheets: Record<string, Timesheet> = {};
    for (const siteId of [a, b]) {
      const sheet = (await call('POST', '/timesheets', { siteId, week })).json();
      expect((await call('POST', `/timesheets/${sheet.id}/send`, {})).statusCode).toBe(200);
      const approved = await call('POST', `/timesheets/${sheet.id}/approve`, undefined, bossSession.headers);
      expect(approved.statusCode, approved.body).toBe(200);
      sheets[siteId] = approved.json();
    }
    const h = (hours: number) => hours * 60;
    const expected = {
      [alain.id]: { [a]: [h(25), 0], [b]: [h(15), h(10)] },
      [nadia.id]: { [a]: [h(6), 0], [b]: [h(2), h(2)] },
    };
    const preview = (await get(`/reports/employees-hours/preview?${range}&clientId=${other.id}`)).json();
    const payroll = parseCsv(
      (await get(`/reports/payroll?${range}&clientId=${other.id}&csvVariant=comma&confirm=true`)).body,
      'comma',
    );
    const ccq = parseCsv(
      (await get(`/reports/ccq-register?format=csv&csvVariant=comma&${range}&clientId=${other.id}`)).body,
      'comma',
    );
    for (const worker of [alain, nadia]) {
      const own = (await get(`/time-entries/week?employeeId=${worker.id}&week=${week}`)).json();
      const total = { regular: 0, overtime: 0 };
      for (const [siteId, name] of [
        [a, 'Site A'],
        [b, 'Site B'],
      ] as const) {
        const want = expected[worker.id]?.[siteId];
        const line = sheets[siteId]?.lines.find((each) => each.employee.id === worker.id);
        expect([line?.regular, line?.overtime]).toEqual(want);
        const row = preview.rows.find(
          (each: { number: string; site: string }) =>
            each.number === line?.employee.number && each.site.startsWith(name),
        );
        expect([row.regular, row.overtime]).toEqual(want);
        const paid = payroll.find((fields) => fields[0] === line?.employee.number && fields[6] === name);
        expect(paid?.slice(7, 9).map((value) => Number(value) * 60)).toEqual(want);
        // The site's report alone: the worker's other site still counts in their week.
        const alone = (await get(`/reports/employees-hours/preview?${range}&siteId=${siteId}`)).json();
        const only = alone.rows.find((each: { number: string }) => each.number === line?.employee.number);
        expect([only.regular, only.overtime]).toEqual(want);
        total.regular += line?.regular ?? 0;
        total.overtime += line?.overtime ?? 0;
      }
      expect({ regular: own.totals.regular, overtime: own.totals.overtime }).toEqual(total);
    }
    expect(
      Object.values(expected).reduce((sum, sites) => sum + (sites[a]?.[1] ?? 0) + (sites[b]?.[1] ?? 0), 0),
    ).toBe(h(12));
    // The CCQ register: Nadia's Monday afternoon on B carries her 2 h at time and a half.
    const header = ccq[0] as string[];
    const rate = header.length - 2;
    const nadiaLines = ccq.filter((fields) => fields.includes('E-500'));
    expect(nadiaLines.map((fields) => Number(fields[rate]))).toEqual([0, 2]);
  });
});

describe('employees hours summary', () => {
  it('streams a workbook named in the document’s language, with real numbers and SUBTOTAL totals', async () => {
    const response = await get(`/reports/employees-hours?format=xlsx&${period}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="heures-employes_${weekStart}_${weekEnd}.xlsx"; filename*=UTF-8''heures-employes_${weekStart}_${weekEnd}.xlsx`,
    );
    const book = await workbook(response.rawPayload);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name.length).toBeLessThanOrEqual(31);
    const rows = values(sheet);
    const header = rows.findIndex((row) => row?.[0] === 'Chantier');
    expect(rows[header]).toEqual([
      'Chantier',
      'Client',
      'Travailleur',
      'No d’employé',
      'Jours travaillés',
      'Régulières',
      'Supplémentaires',
      'Total',
      'Stationnement',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header + 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const lucRow = rows.find((row) => row?.[2] === 'Tremblay, Luc');
    expect(lucRow).toEqual(['Tour Émile', 'Béton Laval', 'Tremblay, Luc', 'E-100', 5, 40, 7.5, 47.5, 12.5]);
    const grand = rows.find((row) => row?.[0] === 'Total général') as unknown[];
    // 47.5 + 15.5 (Marie) + 16 (Paul) hours, 12.50 $.
    expect(grand.slice(4)).toEqual([9, 71.5, 7.5, 79, 12.5]);
    const grandRow = sheet.getRow(rows.indexOf(grand) + 1);
    expect(grandRow.getCell(8).formula).toMatch(/^SUBTOTAL\(9,H\d+:H\d+\)$/);
    expect(sheet.getRow(rows.indexOf(lucRow as unknown[]) + 1).getCell(9).numFmt).toBe('#,##0.00"\u00a0$"');
    expect(rows.find((row) => row?.[2] === 'Sous-total — Tour Émile')?.slice(4)).toEqual([
      7, 55.5, 7.5, 63, 12.5,
    ]);
  });

  it('writes a PDF with the period, the subtotals and the grand total, in English too', async () => {
    if (!hasPdftotext) return;
    const fr = await get(`/reports/employees-hours?format=pdf&${period}`);
    expect(fr.headers['content-type']).toBe('application/pdf');
    const text = pdfText(fr.rawPayload);
    expect(text).toContain('Sommaire des heures des employés');
    expect(text).toContain('Brigade — placement de main-d’œuvre');
    expect(text).toMatch(/Page 1 de 1/);
    expect(text).toMatch(/Tremblay, Luc\s+E-100\s+5\s+40\u00a0?\s*h\s+7,5\s*h\s+47,5\s*h\s+12,50\s*\$/);
    expect(text).toContain('Total général');
    const en = await get(`/reports/employees-hours?format=pdf&language=en&${period}`);
    expect(en.headers['content-disposition']).toContain(
      `filename="employee-hours_${weekStart}_${weekEnd}.pdf"`,
    );
    const english = pdfText(en.rawPayload);
    expect(english).toContain('Employees hours summary');
    expect(english).toContain('$12.50');
    expect(english).toContain('Page 1 of 1');
  });

  it('an empty period is a document that says so', async () => {
    const pdf = await get('/reports/employees-hours?format=pdf&from=2020-01-05&to=2020-01-11');
    expect(pdf.statusCode).toBe(200);
    if (hasPdftotext) expect(pdfText(pdf.rawPayload)).toContain('Aucune donnée pour cette période');
    const xlsx = await get('/reports/employees-hours?format=xlsx&from=2020-01-05&to=2020-01-11');
    const rows = values((await workbook(xlsx.rawPayload)).worksheets[0] as ExcelJS.Worksheet);
    expect(rows.flat()).toContain('Aucune donnée pour cette période et ces filtres.');
    const csv = await get('/reports/ccq-register?format=csv&from=2020-01-05&to=2020-01-11');
    expect(parseCsv(csv.body)[1]).toEqual(['Aucune donnée pour cette période et ces filtres.']);
    const payroll = await get('/reports/payroll?from=2020-01-05&to=2020-01-11&language=en');
    expect(parseCsv(payroll.body)[1]).toEqual(['No data for this period and these filters.']);
    const preview = (await get('/reports/employees-hours/preview?from=2020-01-05&to=2020-01-11')).json();
    expect(preview).toMatchObject({ rows: [], rowCount: 0, chart: null });
  });
});

describe('timesheets summary', () => {
  it('has a summary sheet and one sheet per site, statuses and approvals', async () => {
    const response = await get(`/reports/timesheets-summary?format=xlsx&${period}`);
    expect(response.statusCode, response.body).toBe(200);
    const book = await workbook(response.rawPayload);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Sommaire', 'Entrepôt Nord', 'Tour Émile']);
    const summary = values(book.worksheets[0] as ExcelJS.Worksheet);
    const tower = summary.find((row) => row?.[0] === 'Tour Émile') as unknown[];
    expect(tower.slice(3, 11)).toEqual([
      'Approuvée',
      2,
      55.5,
      7.5,
      63,
      12.5,
      expect.any(String),
      'Sophie Bédard',
    ]);
    expect(summary.find((row) => row?.[0] === 'Entrepôt Nord')?.[3]).toBe('Brouillon');
    const site = values(book.worksheets[2] as ExcelJS.Worksheet);
    expect(site.find((row) => row?.[2] === 'Roy, Marie')?.slice(4)).toEqual([2, 15.5, 0, 15.5, 0]);
    // In English: the sheets' words and Excel's English money format.
    const english = await get(`/reports/timesheets-summary?format=xlsx&language=en&${period}`);
    expect(english.headers['content-disposition']).toContain(
      `filename="timesheets-summary_${weekStart}_${weekEnd}.xlsx"`,
    );
    const en = await workbook(english.rawPayload);
    expect(en.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Entrepôt Nord', 'Tour Émile']);
    const enSummary = en.worksheets[0] as ExcelJS.Worksheet;
    const towerRow = values(enSummary).findIndex((row) => row?.[0] === 'Tour Émile') + 1;
    expect(enSummary.getRow(towerRow).getCell(4).value).toBe('Approved');
    expect(enSummary.getRow(towerRow).getCell(9).numFmt).toBe('"$"#,##0.00');
    expect(enSummary.getRow(towerRow).getCell(6).numFmt).toBe('General"\u00a0h"');
    if (hasPdftotext) {
      const pdf = pdfText((await get(`/reports/timesheets-summary?format=pdf&${period}`)).rawPayload);
      expect(pdf).toContain('Sommaire des feuilles de temps');
      expect(pdf).toContain('Approuvée');
      expect(pdf).toContain('Brouillon');
    }
  });

  it('gives a supervisor their own sites only', async () => {
    const preview = (await get(`/reports/timesheets-summary/preview?${period}`, supervisor.headers)).json();
    expect(preview.rows.map((row: { site: string }) => row.site)).toEqual(['Tour Émile']);
    const book = await workbook(
      (await get(`/reports/timesheets-summary?format=xlsx&${period}`, supervisor.headers)).rawPayload,
    );
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Sommaire', 'Tour Émile']);
    expect(
      (await get(`/reports/timesheets-summary?siteId=${warehouseId}&${period}`, supervisor.headers)).json()
        .code,
    ).toBe('FORBIDDEN');
    expect((await get(`/reports/employees-hours?${period}`, supervisor.headers)).statusCode).toBe(403);
    expect((await get(`/reports/employees-hours/preview?${period}`, supervisor.headers)).statusCode).toBe(
      403,
    );
  });
});

describe('CCQ register', () => {
  it('has each entry’s exact start, break and end (a night shift’s on the next day) and its rates', async () => {
    const response = await get(`/reports/ccq-register?format=xlsx&${period}&siteId=${towerId}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = values((await workbook(response.rawPayload)).worksheets[0] as ExcelJS.Worksheet);
    const night = rows.find(
      (row) => row?.[1] === 'Roy' && (row[6] as Date).getUTCHours() === 22,
    ) as unknown[];
    expect(night).toEqual([
      new Date(`${day(1)}T00:00:00Z`),
      'Roy',
      'Marie',
      'E-200',
      'Béton Laval',
      'Tour Émile',
      new Date(`${day(1)}T22:00:00Z`),
      30,
      new Date(`${day(2)}T06:00:00Z`),
      7.5,
      7.5,
      0,
      0,
    ]);
    // Luc's Friday: 9.5 h, of which the week's last regular hours, the rest at time and a half.
    const friday = rows.find(
      (row) =>
        row?.[1] === 'Tremblay' && (row[0] as Date).getTime() === new Date(`${day(5)}T00:00:00Z`).getTime(),
    );
    expect(friday?.slice(9)).toEqual([9.5, 8, 1.5, 0]);
    const total = rows.find((row) => row?.[0] === 'Total') as unknown[];
    // (exceljs keeps no cached result of 0: the double-time total is its formula alone.)
    expect(total.slice(9, 12)).toEqual([63, 55.5, 7.5]);
  });

  it('as CSV: semicolons, a BOM and decimal commas, or plain commas', async () => {
    const semicolon = await get(`/reports/ccq-register?format=csv&${period}&employeeId=${marie.id}`);
    expect(semicolon.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(semicolon.headers['content-disposition']).toContain(`registre-ccq_${weekStart}_${weekEnd}.csv`);
    expect(semicolon.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = parseCsv(semicolon.body);
    expect(lines[0]?.[0]).toBe('Date');
    expect(lines[1]).toEqual([
      day(1),
      'Roy',
      'Marie',
      'E-200',
      'Béton Laval',
      'Tour Émile',
      day(1),
      '22:00',
      '30',
      day(2),
      '06:00',
      '7,50',
      '7,50',
      '0,00',
      '0,00',
    ]);
    const comma = await get(
      `/reports/ccq-register?format=csv&csvVariant=comma&language=en&${period}&employeeId=${marie.id}`,
    );
    expect(comma.rawPayload[0]).not.toBe(0xef);
    expect(parseCsv(comma.body, 'comma')[2]?.slice(11)).toEqual(['8.00', '8.00', '0.00', '0.00']);
  });
});

describe('payroll export', () => {
  it('has the approved weeks only, and a week exported again needs confirming', async () => {
    const week = addDays(weekStart, -14);
    const quiet = `from=${week}&to=${addDays(week, 6)}`;
    // A week with nothing approved exports an empty file and marks nothing.
    expect((await get(`/reports/payroll?${quiet}`)).statusCode).toBe(200);
    expect((await get(`/reports/payroll?${quiet}`)).statusCode).toBe(200);

    await t.db.delete(payrollExports);
    const first = await get(`/reports/payroll?${period}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-disposition']).toContain(`filename="paie_${weekStart}_${weekEnd}.csv"`);
    const lines = parseCsv(first.body);
    expect(lines[0]).toEqual([
      'No d’employé',
      'Nom',
      'Prénom',
      'Début de semaine',
      'Fin de semaine',
      'Client',
      'Chantier',
      'Heures régulières',
      'Heures supplémentaires',
      'Heures totales',
      'Stationnement ($)',
    ]);
    expect(lines.slice(1)).toEqual([
      [
        'E-100',
        'Tremblay',
        'Luc',
        weekStart,
        weekEnd,
        'Béton Laval',
        'Tour Émile',
        '40,00',
        '7,50',
        '47,50',
        '12,50',
      ],
      [
        'E-200',
        'Roy',
        'Marie',
        weekStart,
        weekEnd,
        'Béton Laval',
        'Tour Émile',
        '15,50',
        '0,00',
        '15,50',
        '0,00',
      ],
    ]);
    const marks = await t.db.select().from(payrollExports);
    expect(marks).toEqual([expect.objectContaining({ weekStart, rowCount: 2 })]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payroll.export'));
    expect(audit.some((row) => row.entityId === marks[0]?.id)).toBe(true);

    const again = await get(`/reports/payroll?${period}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PAYROLL_ALREADY_EXPORTED', details: { weeks: [weekStart] } });
    const confirmed = await get(`/reports/payroll?${period}&confirm=true`);
    expect(confirmed.statusCode).toBe(200);
    expect(await t.db.select().from(payrollExports)).toHaveLength(2);
  });
});

describe('bad input', () => {
  it('answers 4xx with a code', async () => {
    const code = async (url: string) => {
      const response = await get(url);
      return [response.statusCode, response.json().code];
    };
    expect(await code(`/reports/no-such-report?${period}`)).toEqual([404, 'REPORT_NOT_FOUND']);
    expect(await code(`/reports/no-such-report/preview?${period}`)).toEqual([404, 'REPORT_NOT_FOUND']);
    expect(await code(`/reports/payroll?format=pdf&${period}`)).toEqual([400, 'REPORT_FORMAT_NOT_OFFERED']);
    expect(await code(`/reports/employees-hours?format=zip&${period}`)).toEqual([
      400,
      'REPORT_FORMAT_NOT_OFFERED',
    ]);
    expect(await code(`/reports/employees-hours?from=${weekEnd}&to=${weekStart}`)).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(await code('/reports/employees-hours?from=2025-01-01&to=2026-02-01')).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect((await get('/reports/employees-hours/preview?from=2025-01-01&to=2026-01-31')).statusCode).toBe(
      200,
    );
    expect(await code(`/reports/employees-hours?from=${weekStart}`)).toEqual([400, 'VALIDATION_FAILED']);
    expect(
      await code(`/reports/employees-hours?${period}&clientId=00000000-0000-4000-8000-000000000000`),
    ).toEqual([404, 'REPORT_FILTER_NOT_FOUND']);
    expect(await code(`/reports/employees-hours?${period}&supervisorId=${luc.id}`)).toEqual([
      404,
      'REPORT_FILTER_NOT_FOUND',
    ]);
    expect(await code(`/reports/timesheets-summary?${period}&employeeId=${luc.id}`)).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
  });

  it('takes the last pay week when no period is given', async () => {
    const preview = (await get('/reports/employees-hours/preview')).json();
    expect(preview).toMatchObject({ from: weekStart, to: weekEnd });
  });
});

describe('odd requests on every report and format', () => {
  it('never answers 5xx: the far ends of the calendar, a CSV variant on a PDF, every filter at once', async () => {
    const list = (await get('/reports')).json() as {
      items: { type: string; formats: string[]; filters: string[] }[];
    };
    const odd = [
      'from=2999-12-01&to=2999-12-31',
      'from=1900-01-01&to=1900-01-31',
      'from=2026-02-28&to=2027-03-27',
      `${period}&csvVariant=comma&confirm=false`,
      `${period}&clientId=${clientId}&siteId=${towerId}&supervisorId=${luc.id}&employeeId=${luc.id}`,
      `${period}&language=en`,
    ];
    for (const report of list.items) {
      for (const format of report.formats) {
        for (const query of odd) {
          for (const url of [
            `/reports/${report.type}?format=${format}&${query}`,
            `/reports/${report.type}/preview?${query}`,
          ]) {
            const response = await get(url);
            expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
          }
        }
      }
    }
    // Eleven reports, each format, six odd periods, the document and the preview: some 250 requests.
  }, 180_000);
});
