import type { Writable } from 'node:stream';
import { clockTime, endsNextDay, minutesToTime } from '@brigade/shared';
import { addDays } from '../../../lib/calendar.ts';
import type { ReportContext, ReportDefinition, ReportParams, ReportPreview } from '../definition.ts';
import { CsvWriter } from '../document/csv.ts';
import { filterLine, throwIfAborted } from '../document/filters.ts';
import { reportWords, sortByTexts } from '../document/texts.ts';
import { createWorkbook, finishWorkbook, ReportSheet, type XlsxColumn } from '../document/xlsx.ts';
import { emptyTotals, type LedgerLine, loadHoursLedger } from '../hours-ledger.ts';
import { ledgerFilters } from './common.ts';

/**
 * 10. CCQ register of daily activities (issue 28, beyond the spec; Excel and CSV): one line per
 * worker, day and site worked — each accepted time entry — with its exact start, its unpaid break,
 * its end (a night shift's end on the next day: the line keeps the day the shift starts, as every
 * total does, and its end date is the next day), its hours, and the contractor (the client) and site.
 *
 * The hours' rates:
 * - regular and **time and a half**: the overtime of the hours ledger (the company's rule, over
 *   8 h a day or 40 h a pay week, every site of the worker's week added up: `allocateOvertime`) is
 *   paid at time and a half. A day's overtime goes to its last hours: with two entries that day, on
 *   one site or two, the later one carries it.
 * - **double time**: the code base has no rule for it (the company's `OvertimeRule` knows a daily and
 *   a weekly limit only, no double-time threshold, Sunday or holiday rate), so the column is there,
 *   as the CCQ's monthly report asks, and always 0 until such a rule exists.
 *
 * Kept six years: nothing in the product removes hours. No job or purge deletes time entries; a
 * worker, a site or a client that has hours cannot be deleted (`time_entries` references them
 * `on delete restrict`; they are archived instead); a worker deletes only their own entries of this
 * pay week and the last one (PAY_WEEK_CLOSED before), a supervisor none of an approved week; the one
 * deletion left, an admin's, keeps the whole entry in the audit log (`deleteAudited`: its `before`),
 * which nothing deletes either. So an entry of any age, deleted or not, is in the database or its
 * audit log: this register is made again for any period of the last six years (and beyond).
 */

export interface RegisterLine {
  date: string;
  employee: { lastName: string; firstName: string; number: string | null };
  client: string;
  site: string;
  /** Local moments, `YYYY-MM-DDTHH:mm`. */
  start: string;
  end: string;
  breakMinutes: number;
  minutes: number;
  regular: number;
  timeAndHalf: number;
  double: number;
}

/** Each accepted entry of the ledger's lines, with its share of the worker's week's overtime. */
export function registerLines(lines: readonly LedgerLine[]): RegisterLine[] {
  const out: RegisterLine[] = [];
  for (const line of lines) {
    for (const day of line.days) {
      for (const entry of day.entries) {
        out.push({
          date: day.date,
          employee: line.employee,
          client: line.site.client.name,
          site: line.site.name,
          start: `${day.date}T${minutesToTime(entry.startMinute)}`,
          end: `${endsNextDay(entry.endMinute) ? addDays(day.date, 1) : day.date}T${clockTime(entry.endMinute)}`,
          breakMinutes: entry.breakMinutes,
          minutes: entry.minutes,
          regular: entry.regular,
          timeAndHalf: entry.overtime,
          double: 0,
        });
      }
    }
  }
  return sortByTexts(out, (line) => [
    line.employee.lastName,
    line.employee.firstName,
    line.employee.number ?? '',
    line.start,
    line.site,
  ]);
}

const words = {
  fr: {
    title: 'Registre des activités quotidiennes (CCQ)',
    lastName: 'Nom',
    firstName: 'Prénom',
    contractor: 'Entrepreneur (client)',
    start: 'Début',
    breakMinutes: 'Pause non payée (min)',
    end: 'Fin',
    startDate: 'Date de début',
    startTime: 'Heure de début',
    endDate: 'Date de fin',
    endTime: 'Heure de fin',
    worked: 'Heures travaillées',
    regular: 'Heures régulières',
    timeAndHalf: 'Heures à taux et demi',
    double: 'Heures à taux double',
    doubleNote:
      'Taux double : aucune règle de taux double n’est définie dans Brigade ; la colonne reste à 0. Les heures supplémentaires (plus de 8 h par jour ou de 40 h par semaine de paie sur le chantier) sont à taux et demi.',
  },
  en: {
    title: 'Register of daily activities (CCQ)',
    lastName: 'Last name',
    firstName: 'First name',
    contractor: 'Contractor (client)',
    start: 'Start',
    breakMinutes: 'Unpaid break (min)',
    end: 'End',
    startDate: 'Start date',
    startTime: 'Start time',
    endDate: 'End date',
    endTime: 'End time',
    worked: 'Hours worked',
    regular: 'Regular hours',
    timeAndHalf: 'Time-and-a-half hours',
    double: 'Double-time hours',
    doubleNote:
      'Double time: Brigade defines no double-time rule; the column stays at 0. Overtime (over 8 h a day or 40 h a pay week on the site) is paid at time and a half.',
  },
} as const;

async function load(ctx: ReportContext, params: ReportParams) {
  return registerLines(await loadHoursLedger(ctx.db, ledgerFilters(params)));
}

async function preview(ctx: ReportContext, params: ReportParams): Promise<ReportPreview> {
  const w = reportWords(params.language);
  const own = words[params.language];
  const lines = await load(ctx, params);
  return {
    columns: [
      { key: 'date', label: w.date, kind: 'date' },
      { key: 'employee', label: w.employee, kind: 'text' },
      { key: 'number', label: w.number, kind: 'text' },
      { key: 'client', label: own.contractor, kind: 'text' },
      { key: 'site', label: w.site, kind: 'text' },
      { key: 'start', label: own.start, kind: 'text' },
      { key: 'breakMinutes', label: own.breakMinutes, kind: 'number' },
      { key: 'end', label: own.end, kind: 'text' },
      { key: 'regular', label: own.regular, kind: 'hours' },
      { key: 'timeAndHalf', label: own.timeAndHalf, kind: 'hours' },
      { key: 'double', label: own.double, kind: 'hours' },
    ],
    rows: lines.slice(0, 50).map((line) => ({
      date: line.date,
      employee: `${line.employee.lastName}, ${line.employee.firstName}`,
      number: line.employee.number,
      client: line.client,
      site: line.site,
      start: line.start.replace('T', ' '),
      breakMinutes: line.breakMinutes,
      end: line.end.replace('T', ' '),
      regular: line.regular,
      timeAndHalf: line.timeAndHalf,
      double: line.double,
    })),
    rowCount: lines.length,
    chart: null,
  };
}

async function writeXlsx(
  lines: RegisterLine[],
  params: ReportParams,
  filters: string | undefined,
  out: Writable,
  signal: AbortSignal,
) {
  const { language } = params;
  const w = reportWords(language);
  const own = words[language];
  const columns: XlsxColumn[] = [
    { label: w.date, kind: 'date' },
    { label: own.lastName, kind: 'text', width: 20 },
    { label: own.firstName, kind: 'text', width: 18 },
    { label: w.number, kind: 'text', width: 12 },
    { label: own.contractor, kind: 'text', width: 26 },
    { label: w.site, kind: 'text', width: 26 },
    { label: own.start, kind: 'datetime' },
    { label: own.breakMinutes, kind: 'number', total: false },
    { label: own.end, kind: 'datetime' },
    { label: own.worked, kind: 'hours' },
    { label: own.regular, kind: 'hours' },
    { label: own.timeAndHalf, kind: 'hours' },
    { label: own.double, kind: 'hours' },
  ];
  const book = createWorkbook(out);
  const sheet = new ReportSheet(book, 'CCQ', columns, {
    title: own.title,
    params,
    lines: [...(filters ? [filters] : []), own.doubleNote],
  });
  if (lines.length === 0) sheet.note(w.empty);
  const sum = { ...emptyTotals(), timeAndHalf: 0 };
  lines.forEach((line, index) => {
    sheet.row([
      line.date,
      line.employee.lastName,
      line.employee.firstName,
      line.employee.number,
      line.client,
      line.site,
      line.start,
      line.breakMinutes,
      line.end,
      line.minutes,
      line.regular,
      line.timeAndHalf,
      line.double,
    ]);
    sum.minutes += line.minutes;
    sum.regular += line.regular;
    sum.timeAndHalf += line.timeAndHalf;
    if (index % 500 === 499) throwIfAborted(signal);
  });
  if (lines.length) {
    sheet.totalRow([w.total], { from: sheet.firstRow, to: sheet.lastRow }, [
      ...Array(9).fill(''),
      sum.minutes,
      sum.regular,
      sum.timeAndHalf,
      0,
    ]);
  }
  sheet.commit();
  await finishWorkbook(book);
}

async function writeCsv(lines: RegisterLine[], params: ReportParams, out: Writable, signal: AbortSignal) {
  const w = reportWords(params.language);
  const own = words[params.language];
  const csv = new CsvWriter(out, params.csvVariant);
  await csv.line([
    w.date,
    own.lastName,
    own.firstName,
    w.number,
    own.contractor,
    w.site,
    own.startDate,
    own.startTime,
    own.breakMinutes,
    own.endDate,
    own.endTime,
    own.worked,
    own.regular,
    own.timeAndHalf,
    own.double,
  ]);
  for (const [index, line] of lines.entries()) {
    const [startDate, startTime] = line.start.split('T');
    const [endDate, endTime] = line.end.split('T');
    await csv.line([
      line.date,
      line.employee.lastName,
      line.employee.firstName,
      line.employee.number,
      line.client,
      line.site,
      startDate,
      startTime,
      line.breakMinutes,
      endDate,
      endTime,
      csv.hours(line.minutes),
      csv.hours(line.regular),
      csv.hours(line.timeAndHalf),
      csv.hours(line.double),
    ]);
    if (index % 500 === 499) throwIfAborted(signal);
  }
  // An empty period says so in the file (a line of its own, under the header).
  if (lines.length === 0) await csv.line([w.empty]);
  csv.end();
}

export const ccqRegisterReport: ReportDefinition = {
  type: 'ccq-register',
  formats: ['xlsx', 'csv'],
  filters: ['client', 'site', 'employee'],
  fileStem: { fr: 'registre-ccq', en: 'ccq-register' },
  title: { fr: words.fr.title, en: words.en.title },
  preview,
  async write(ctx, params, format, out) {
    const [lines, filters] = await Promise.all([load(ctx, params), filterLine(ctx.db, params)]);
    throwIfAborted(ctx.signal);
    if (format === 'csv') await writeCsv(lines, params, out, ctx.signal);
    else await writeXlsx(lines, params, filters, out, ctx.signal);
  },
};
