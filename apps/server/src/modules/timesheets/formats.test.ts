import {
  formatHours,
  formatMoney,
  type Language,
  payWeekStart,
  spreadsheetFormats,
  type Timesheet,
} from '@brigade/shared';
import ExcelJS from 'exceljs';
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
      // The footer's totals, the same.
      const foot = rows.find((row) => row.getCell(10).value === 47.25 && row !== luc);
      expect(foot?.getCell(10).numFmt).toBe(formats.hours);
      expect(foot?.getCell(13)).toMatchObject({ value: 19.75, numFmt: formats.money });
    }
    // Where the language puts the unit and the sign: "9,5 h" and "19,75 $"; "9.5 h" and "$19.75".
    expect(spreadsheetFormats.fr.money).toBe('#,##0.00"\u00a0$"');
    expect(spreadsheetFormats.en.money).toBe('"$"#,##0.00');
  });
});
