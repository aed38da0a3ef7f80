import type { Writable } from 'node:stream';
import { payWeekStart } from '@brigade/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.ts';
import { payrollExports } from '../../../db/schema/index.ts';
import { addDays } from '../../../lib/calendar.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../audit/index.ts';
import type { ReportContext, ReportDefinition, ReportParams, ReportPreview } from '../definition.ts';
import { CsvWriter } from '../document/csv.ts';
import { throwIfAborted } from '../document/filters.ts';
import { reportWords, sortByTexts } from '../document/texts.ts';
import { type LedgerLine, loadHoursLedger } from '../hours-ledger.ts';
import { ledgerFilters } from './common.ts';

/**
 * 11. Payroll export (issue 28, beyond the spec; CSV): the approved hours only — the lines of the
 * site weeks whose timesheet is approved (a draft, sent or reopened one waits) — one line per
 * employee × pay week × site, from the hours ledger (the timesheet's own totals). The pay weeks the
 * period touches are taken whole: pay is by the week.
 *
 * Columns (in this order; the header in the document's language):
 *   employee number · last name · first name · week start (Sunday, YYYY-MM-DD) · week end
 *   (Saturday) · client · site · regular hours · overtime hours · total hours · parking ($)
 * Hours are decimal with two digits (quarter hours are exact), money in dollars with two; the
 * `semicolon` variant (the default) is UTF-8 with a byte-order mark, `;` and a decimal comma, for
 * Excel in French; `comma` is plain UTF-8, `,` and a decimal point.
 *
 * Each pay week exported with lines is marked (`payroll_exports`: the week, who, when, its line count, with
 * an audit row `payroll.export`); a period with a week marked before is refused with 409
 * PAYROLL_ALREADY_EXPORTED naming the weeks, until the office asks again with `confirm=true`.
 * Two exports at once of the same weeks: the marks are written under one advisory lock, and the
 * second one, finding the first's marks, is refused the same way unless confirmed.
 */

const words = {
  fr: {
    title: 'Export de paie',
    lastName: 'Nom',
    firstName: 'Prénom',
    weekStart: 'Début de semaine',
    weekEnd: 'Fin de semaine',
    regular: 'Heures régulières',
    overtime: 'Heures supplémentaires',
    total: 'Heures totales',
    parking: 'Stationnement ($)',
  },
  en: {
    title: 'Payroll export',
    lastName: 'Last name',
    firstName: 'First name',
    weekStart: 'Week start',
    weekEnd: 'Week end',
    regular: 'Regular hours',
    overtime: 'Overtime hours',
    total: 'Total hours',
    parking: 'Parking ($)',
  },
} as const;

/** The whole pay weeks of the period: their Sundays. */
export function payrollWeeks(params: Pick<ReportParams, 'from' | 'to'>): string[] {
  const weeks: string[] = [];
  for (let week = payWeekStart(params.from); week <= params.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

const wholeWeeks = (params: ReportParams): ReportParams => ({
  ...params,
  from: payWeekStart(params.from),
  to: addDays(payWeekStart(params.to), 6),
});

/** The approved lines, by employee, week and site. */
export async function payrollLines(db: Executor, params: ReportParams): Promise<LedgerLine[]> {
  const lines = await loadHoursLedger(db, ledgerFilters(wholeWeeks(params)));
  return sortByTexts(
    lines.filter((line) => line.timesheet?.status === 'approved'),
    (line) => [
      line.employee.number ?? '',
      line.employee.lastName,
      line.employee.id,
      line.weekStart,
      line.site.name,
      line.site.id,
    ],
  );
}

/** The period's weeks exported before (those with lines), in order. */
async function exportedWeeks(db: Executor, params: ReportParams): Promise<string[]> {
  const rows = await db
    .selectDistinct({ weekStart: payrollExports.weekStart })
    .from(payrollExports)
    .where(inArray(payrollExports.weekStart, payrollWeeks(params)))
    .orderBy(asc(payrollExports.weekStart));
  return rows.map((row) => row.weekStart);
}

function refuseExported(weeks: string[]) {
  return new AppError('PAYROLL_ALREADY_EXPORTED', `Already exported: ${weeks.join(', ')}`, { weeks });
}

async function preview(ctx: ReportContext, params: ReportParams): Promise<ReportPreview> {
  const w = reportWords(params.language);
  const own = words[params.language];
  const lines = await payrollLines(ctx.db, params);
  return {
    columns: [
      { key: 'number', label: w.number, kind: 'text' },
      { key: 'employee', label: w.employee, kind: 'text' },
      { key: 'week', label: own.weekStart, kind: 'date' },
      { key: 'site', label: w.site, kind: 'text' },
      { key: 'regular', label: own.regular, kind: 'hours' },
      { key: 'overtime', label: own.overtime, kind: 'hours' },
      { key: 'total', label: own.total, kind: 'hours' },
      { key: 'parking', label: own.parking, kind: 'money' },
    ],
    rows: lines.slice(0, 50).map((line) => ({
      number: line.employee.number,
      employee: `${line.employee.lastName}, ${line.employee.firstName}`,
      week: line.weekStart,
      site: line.site.name,
      regular: line.regular,
      overtime: line.overtime,
      total: line.minutes,
      parking: line.parkingCents,
    })),
    rowCount: lines.length,
    chart: null,
  };
}

/** Marks the weeks exported (one row each, with its line count) and audits it, in one transaction. */
async function markExported(ctx: ReportContext, params: ReportParams, lines: LedgerLine[]): Promise<void> {
  const weeks = payrollWeeks(params);
  if (lines.length === 0) return;
  await (ctx.db as Db).transaction(async (tx) => {
    // Two exports at once wait for each other here: the second sees the first's marks.
    await tx.execute(sql`select pg_advisory_xact_lock(1280, hashtext('payroll_exports'))`);
    if (!params.confirm) {
      const before = await exportedWeeks(tx, params);
      if (before.length) throw refuseExported(before);
    }
    // A week with no approved line yet is not marked: nothing of it went to the payroll.
    const rows = weeks
      .map((weekStart) => ({
        weekStart,
        exportedBy: ctx.actor.userId,
        rowCount: lines.filter((line) => line.weekStart === weekStart).length,
      }))
      .filter((row) => row.rowCount > 0);
    if (rows.length === 0) return;
    const written = await tx.insert(payrollExports).values(rows).returning();
    for (const row of written) {
      await recordAudit(tx, {
        actorId: ctx.actor.userId,
        action: 'payroll.export',
        entity: 'payroll_export',
        entityId: row.id,
        after: { ...row, confirmed: params.confirm ?? false, filters: ledgerFilters(params) },
      });
    }
  });
}

async function writeCsv(lines: LedgerLine[], params: ReportParams, out: Writable, signal: AbortSignal) {
  const w = reportWords(params.language);
  const own = words[params.language];
  const csv = new CsvWriter(out, params.csvVariant);
  await csv.line([
    w.number,
    own.lastName,
    own.firstName,
    own.weekStart,
    own.weekEnd,
    w.client,
    w.site,
    own.regular,
    own.overtime,
    own.total,
    own.parking,
  ]);
  for (const [index, line] of lines.entries()) {
    await csv.line([
      line.employee.number,
      line.employee.lastName,
      line.employee.firstName,
      line.weekStart,
      addDays(line.weekStart, 6),
      line.site.client.name,
      line.site.name,
      csv.hours(line.regular),
      csv.hours(line.overtime),
      csv.hours(line.minutes),
      csv.money(line.parkingCents),
    ]);
    if (index % 500 === 499) throwIfAborted(signal);
  }
  if (lines.length === 0) await csv.line([w.empty]);
  csv.end();
}

export const payrollReport: ReportDefinition = {
  type: 'payroll',
  formats: ['csv'],
  filters: ['client', 'site', 'employee'],
  fileStem: { fr: 'paie', en: 'payroll' },
  title: { fr: words.fr.title, en: words.en.title },
  preview,
  async check(ctx, params) {
    if (params.confirm) return;
    const before = await exportedWeeks(ctx.db, params);
    if (before.length) throw refuseExported(before);
  },
  async write(ctx, params, _format, out) {
    const lines = await payrollLines(ctx.db, params);
    throwIfAborted(ctx.signal);
    await markExported(ctx, params, lines);
    await writeCsv(lines, params, out, ctx.signal);
  },
};
