import {
  formatHours,
  formatMoney,
  intlLocales,
  type Language,
  payWeekStart,
  spreadsheetFormats,
  type Timesheet,
} from '@brigade/shared';
import ExcelJS from 'exceljs';
import { format as renderCell } from 'numfmt';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { hasPdftotext, pdfText } from '../../../test/pdf-text.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

/**
 * One week, three ways (issue 26): what the screen reads (GET /timesheets/:id, written by the
 * shared formatHours and formatMoney the web uses), its PDF and its workbook say the same totals
 * the same way, in each language: "9,5 h" and "12,50 $" in French, "9.5 h" and "$12.50" in English.
 */
const t = await buildTestApp();
const call = t.callAs((await t.signedIn('admin')).headers);

// Last week (a past week, whole): Sunday to Saturday.
const weekStart = payWeekStart(addDays(companyToday(), -7));
const day = (index: number) => addDays(weekStart, index);

let sheet: Timesheet;

beforeAll(async () => {
  const client = (await call('POST', '/clients', { name: 'Formats et fils', language: 'fr' })).json();
  const supervisor = await t.createUser({ role: 'supervisor', clientId: client.id });
  const site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Tour des formats',
      supervisorIds: [supervisor.id],
    })
  ).json();
  const worker = await t.createEmployee({ firstName: 'Luc', lastName: 'Tremblay' });
  const { headers } = await t.signIn(worker);
  // Monday to Thursday 07:00–17:00 less 30 min (9.5 h), Friday to 16:45 (9.25 h); parking twice.
  for (let index = 1; index <= 5; index++) {
    const response = await call(
      'POST',
      '/time-entries',
      {
        siteId: site.id,
        workDate: day(index),
        startTime: '07:00',
        endTime: index === 5 ? '16:45' : '17:00',
        breakMinutes: 30,
        parking: index === 1 ? 12.5 : index === 2 ? 7.25 : 0,
      },
      headers,
    );
    expect(response.statusCode, response.body).toBe(201);
  }
  const created = (await call('POST', '/timesheets', { siteId: site.id, week: weekStart })).json();
  sheet = (await call('GET', `/timesheets/${created.id}`)).json();
});

/** What the screen writes for the sheet's line, in `language`. */
function screen(language: Language) {
  const [line] = sheet.lines;
  if (!line) throw new Error('no line');
  return {
    days: line.days.filter((each) => each.minutes > 0).map((each) => formatHours(each.minutes, language)),
    total: formatHours(line.minutes, language),
    regular: formatHours(line.regular, language),
    overtime: formatHours(line.overtime, language),
    parking: formatMoney(line.parkingCents, language),
  };
}

describe('the same week on screen, in the PDF and in the workbook', () => {
  it('has the totals the screen shows', () => {
    expect(sheet.totals).toEqual({
      minutes: 47 * 60 + 15,
      regular: 40 * 60,
      overtime: 7 * 60 + 15,
      parkingCents: 1975,
    });
    const nbsp = '\u00a0';
    expect(screen('fr')).toEqual({
      days: ['9,5', '9,5', '9,5', '9,5', '9,25'].map((hours) => `${hours}${nbsp}h`),
      total: `47,25${nbsp}h`,
      regular: `40${nbsp}h`,
      overtime: `7,25${nbsp}h`,
      parking: `19,75${nbsp}$`,
    });
    expect(screen('en')).toMatchObject({ total: `47.25${nbsp}h`, parking: '$19.75' });
  });

  it.skipIf(!hasPdftotext)('prints them in the PDF as the screen writes them, in each language', async () => {
    for (const language of ['fr', 'en'] as const) {
      const response = await call('GET', `/timesheets/${sheet.id}/pdf?language=${language}`);
      expect(response.statusCode).toBe(200);
      // pdftotext gives the non-breaking spaces back as spaces.
      const text = pdfText(response.rawPayload).replaceAll('\u00a0', ' ');
      const shown = screen(language);
      for (const expected of [...shown.days, shown.total, shown.regular, shown.overtime, shown.parking]) {
        expect(text, `${language}: ${expected}`).toContain(expected.replaceAll('\u00a0', ' '));
      }
      // Never hours and minutes as a clock ("9:30", "47:15"): the times of day are the only clocks.
      expect(text).not.toMatch(/\b(9:30|9:15|47:15|40:00|7:15)\b/);
      const other = language === 'fr' ? '47.25' : '47,25';
      expect(text).not.toContain(other);
    }
  });

  it('keeps the hours and money as numbers in the workbook, formatted as the screen writes them', async () => {
    for (const language of ['fr', 'en'] as const) {
      const response = await call('GET', `/timesheets/${sheet.id}/xlsx?language=${language}`);
      expect(response.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: ExcelJS.Row[] = [];
      book.worksheets[0]?.eachRow((row) => rows.push(row));
      const luc = rows.find((row) => row.getCell(1).value === 'Tremblay, Luc');
      if (!luc) throw new Error('no line for Luc');
      // Sunday to Saturday, total, regular, overtime: hours; then parking: money.
      const values = Array.from({ length: 11 }, (_, index) => luc.getCell(3 + index).value);
      expect(values).toEqual([null, 9.5, 9.5, 9.5, 9.5, 9.25, null, 47.25, 40, 7.25, 19.75]);
      const formats = spreadsheetFormats[language];
      for (let column = 4; column <= 12; column++) {
        if (luc.getCell(column).value !== null) expect(luc.getCell(column).numFmt).toBe(formats.hours);
      }
      expect(luc.getCell(13).numFmt).toBe(formats.money);
      // What a spreadsheet in the reader's language shows (numfmt renders Excel's format codes as
      // Excel does): the screen's words, cell by cell.
      const shown = (cell: ExcelJS.Cell) =>
        renderCell(cell.numFmt, cell.value as number, { locale: intlLocales[language] });
      const screenText = screen(language);
      expect([4, 5, 6, 7, 8].map((column) => shown(luc.getCell(column)))).toEqual(screenText.days);
      expect([10, 11, 12, 13].map((column) => shown(luc.getCell(column)))).toEqual([
        screenText.total,
        screenText.regular,
        screenText.overtime,
        screenText.parking,
      ]);
      // The footer's totals, the same.
      const foot = rows.find((row) => row.getCell(10).value === 47.25 && row !== luc);
      if (!foot) throw new Error('no footer');
      expect([10, 13].map((column) => shown(foot.getCell(column)))).toEqual([
        screenText.total,
        screenText.parking,
      ]);
    }
  });
});
