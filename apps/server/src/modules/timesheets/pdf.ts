import { formatHours, formatMoney, type Language, shiftTimes, type Timesheet } from '@brigade/shared';
import type { Content, TableCell } from 'pdfmake';
import { pdfmake, type TDocumentDefinitions } from '../../lib/pdfmake.ts';
import { dayText, momentText, sheetWords } from './texts.ts';

function header(sheet: Timesheet, language: Language): Content {
  const w = sheetWords(language);
  const weekEnd = sheet.days[6] as string;
  const facts: [string, string][] = [
    [w.client, sheet.client.name],
    [w.site, [sheet.site.name, sheet.site.city].filter(Boolean).join(', ')],
    [w.week, `${dayText(sheet.weekStart, language, true)} – ${dayText(weekEnd, language, true)}`],
  ];
  if (sheet.site.po) facts.push([w.po, sheet.site.po]);
  if (sheet.site.jobNumber) facts.push([w.jobNumber, sheet.site.jobNumber]);
  return [
    {
      columns: [
        { text: w.title, style: 'title' },
        { text: w.agency, alignment: 'right', style: 'muted' },
      ],
    },
    {
      margin: [0, 8, 0, 12],
      table: {
        widths: ['auto', '*'],
        body: facts.map(([label, value]) => [{ text: label, bold: true }, value]),
      },
      layout: 'noBorders',
    },
  ];
}

function grid(sheet: Timesheet, language: Language): Content {
  const w = sheetWords(language);
  const head: TableCell[] = [
    { text: w.employee, style: 'th' },
    { text: w.number, style: 'th' },
    ...sheet.days.map((date, index) => ({
      text: `${w.days[index]}\n${dayText(date, language).replace(/^\S+\s/, '')}`,
      style: 'th',
      alignment: 'center' as const,
    })),
    { text: w.total, style: 'th', alignment: 'right' },
    { text: w.regular, style: 'th', alignment: 'right' },
    { text: w.overtime, style: 'th', alignment: 'right' },
    { text: w.parking, style: 'th', alignment: 'right' },
  ];
  const rows: TableCell[][] = sheet.lines.map((line) => [
    `${line.employee.lastName}, ${line.employee.firstName}`,
    line.employee.number ?? '',
    ...line.days.map((day): TableCell => {
      if (day.entries.length === 0) return { text: '', alignment: 'center' };
      // Refused hours are shown as such, beside the day's accepted hours (the only ones counted).
      const refused = day.entries
        .filter((entry) => entry.rejection)
        .reduce((sum, entry) => sum + entry.minutes, 0);
      const accepted = day.entries.some((entry) => !entry.rejection);
      return {
        stack: [
          ...(accepted ? [{ text: formatHours(day.minutes, language), bold: true }] : []),
          ...day.entries.map((entry) => ({ text: shiftTimes(entry), style: 'small' })),
          ...(refused
            ? [
                {
                  text: `${w.rejected} (${formatHours(refused, language)})`,
                  style: 'small',
                  color: '#b42318',
                },
              ]
            : []),
        ],
        alignment: 'center',
      };
    }),
    { text: formatHours(line.minutes, language), alignment: 'right', bold: true },
    { text: formatHours(line.regular, language), alignment: 'right' },
    { text: formatHours(line.overtime, language), alignment: 'right' },
    { text: line.parkingCents ? formatMoney(line.parkingCents, language) : '', alignment: 'right' },
  ]);
  const foot: TableCell[] = [
    { text: w.dayTotal, bold: true, colSpan: 2 },
    '',
    ...sheet.dayMinutes.map((minutes) => ({
      text: minutes ? formatHours(minutes, language) : '',
      alignment: 'center' as const,
      bold: true,
    })),
    { text: formatHours(sheet.totals.minutes, language), alignment: 'right', bold: true },
    { text: formatHours(sheet.totals.regular, language), alignment: 'right', bold: true },
    { text: formatHours(sheet.totals.overtime, language), alignment: 'right', bold: true },
    { text: formatMoney(sheet.totals.parkingCents, language), alignment: 'right', bold: true },
  ];
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      // A day fits its hours and a shift's times ("07:00–16:30"); what is left goes to the names,
      // the totals ("47,25 h") taking what they need.
      widths: ['*', 'auto', ...sheet.days.map(() => 44), 'auto', 'auto', 'auto', 'auto'],
      body: [head, ...rows, foot],
    },
    layout: {
      fillColor: (rowIndex: number) => (rowIndex === 0 ? '#eef2f6' : rowIndex % 2 === 0 ? '#fafbfc' : null),
      hLineColor: () => '#d0d5dd',
      vLineColor: () => '#d0d5dd',
    },
  };
}

function approval(sheet: Timesheet, language: Language): Content {
  const w = sheetWords(language);
  const said =
    sheet.status === 'approved' && sheet.approvedAt && sheet.approvedByName
      ? w.approvedBy(sheet.approvedByName, momentText(sheet.approvedAt, language))
      : `${w.notApproved}\n\n______________________________`;
  return {
    margin: [0, 16, 0, 0],
    unbreakable: true,
    table: {
      widths: ['*'],
      body: [[{ stack: [{ text: w.approval, bold: true, margin: [0, 0, 0, 4] }, said] }]],
    },
  };
}

const hasNightShift = (sheet: Timesheet) =>
  sheet.lines.some((line) => line.days.some((day) => day.entries.some((entry) => entry.endsNextDay)));

/** The weekly timesheet as a PDF in `language`: real text (searchable, copyable), never a picture. */
export function timesheetPdf(sheet: Timesheet, language: Language): Promise<Buffer> {
  const w = sheetWords(language);
  const definition: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [32, 32, 32, 40],
    info: { title: `${w.title} — ${sheet.site.name} — ${sheet.weekStart}`, creator: 'Brigade' },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true },
      muted: { color: '#667085' },
      th: { bold: true, fontSize: 8 },
      small: { fontSize: 7, color: '#475467' },
    },
    footer: (page: number, pages: number) => ({
      text: `${sheet.site.name} · ${sheet.weekStart} · ${page}/${pages}`,
      alignment: 'center',
      style: 'muted',
      fontSize: 7,
    }),
    content: [
      header(sheet, language),
      sheet.lines.length ? grid(sheet, language) : { text: w.noHours, italics: true },
      // A night shift is printed on the day it starts, its end marked "(+1)": say what that means.
      hasNightShift(sheet) ? { text: w.nightShifts, style: 'muted', margin: [0, 6, 0, 0] } : [],
      approval(sheet, language),
    ],
  };
  return pdfmake.createPdf(definition).getBuffer();
}
