import { type Language, spreadsheetFormats, type Timesheet } from '@brigade/shared';
import ExcelJS from 'exceljs';
import { dayText, momentText, sheetWords } from './texts.ts';

/**
 * Hours as a number of hours (9.5) in the workbook, so that the office can add them up, shown as
 * the screens and the PDF write them ("9,5 h" / "9.5 h": `spreadsheetFormats`).
 */
const hours = (minutes: number) => minutes / 60;

/** The weekly timesheet as an Excel workbook in `language`: one row per worker, hours as numbers. */
export async function timesheetXlsx(sheet: Timesheet, language: Language): Promise<Buffer> {
  const w = sheetWords(language);
  const book = new ExcelJS.Workbook();
  book.creator = 'Brigade';
  const ws = book.addWorksheet(w.sheetName, { pageSetup: { orientation: 'landscape', fitToPage: true } });
  ws.addRow([w.title]).font = { bold: true, size: 14 };
  ws.addRow([w.client, sheet.client.name]);
  ws.addRow([w.site, [sheet.site.name, sheet.site.city].filter(Boolean).join(', ')]);
  ws.addRow([w.week, `${sheet.weekStart} – ${sheet.days[6]}`]);
  if (sheet.site.po) ws.addRow([w.po, sheet.site.po]);
  if (sheet.site.jobNumber) ws.addRow([w.jobNumber, sheet.site.jobNumber]);
  ws.addRow([]);
  const head = ws.addRow([
    w.employee,
    w.number,
    ...sheet.days.map((date, index) => `${w.days[index]} ${dayText(date, language).replace(/^\S+\s/, '')}`),
    w.total,
    w.regular,
    w.overtime,
    w.parking,
  ]);
  head.font = { bold: true };
  for (const line of sheet.lines) {
    ws.addRow([
      `${line.employee.lastName}, ${line.employee.firstName}`,
      line.employee.number ?? '',
      ...line.days.map((day) => (day.minutes ? hours(day.minutes) : null)),
      hours(line.minutes),
      hours(line.regular),
      hours(line.overtime),
      line.parkingCents / 100,
    ]);
  }
  const foot = ws.addRow([
    w.dayTotal,
    '',
    ...sheet.dayMinutes.map((minutes) => (minutes ? hours(minutes) : null)),
    hours(sheet.totals.minutes),
    hours(sheet.totals.regular),
    hours(sheet.totals.overtime),
    sheet.totals.parkingCents / 100,
  ]);
  foot.font = { bold: true };
  ws.addRow([]);
  ws.addRow([
    w.approval,
    sheet.status === 'approved' && sheet.approvedAt && sheet.approvedByName
      ? w.approvedBy(sheet.approvedByName, momentText(sheet.approvedAt, language))
      : w.status[sheet.status],
  ]);
  ws.getColumn(1).width = 28;
  // The days, total, regular and overtime columns are hours; the last, parking, is money.
  const formats = spreadsheetFormats[language];
  for (let column = 3; column <= 12; column++) {
    ws.getColumn(column).width = 11;
    ws.getColumn(column).numFmt = formats.hours;
  }
  ws.getColumn(13).width = 14;
  ws.getColumn(13).numFmt = formats.money;
  return Buffer.from(await book.xlsx.writeBuffer());
}
