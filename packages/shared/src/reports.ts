import { z } from 'zod';
import { isoDateSchema } from './address.ts';
import { languages } from './roles.ts';

// Reports (issue 28): the reports screen's list, its previews and the documents' request.

export const reportFormatValues = ['pdf', 'xlsx', 'zip', 'csv'] as const;
export type ReportFormatValue = (typeof reportFormatValues)[number];
export const reportFilterValues = ['client', 'site', 'supervisor', 'employee'] as const;
export type ReportFilterValue = (typeof reportFilterValues)[number];
export const csvVariants = ['semicolon', 'comma'] as const;

/** The longest period a report covers: 13 months (a year and the month before it). */
export const reportMaxMonths = 13;

/** `date` shifted by whole months, kept to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

export const reportParamsSchema = z.object({
  type: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .describe(
      'The report: employees-hours, timesheets-summary, ccq-register, payroll… (GET /reports lists them)',
    ),
});

/** The request of a report's document or preview; the period defaults to the last pay week. */
export const reportQuerySchema = z
  .object({
    format: z
      .enum(reportFormatValues)
      .optional()
      .describe('The document’s format, one of the report’s; its first when left out'),
    from: isoDateSchema
      .optional()
      .describe('First local day (America/Toronto); with `to`, last pay week when both are left out'),
    to: isoDateSchema.optional().describe('Last local day, included; at most 13 months after `from`'),
    language: z.enum(languages).optional().describe('The document’s language; the asker’s when left out'),
    clientId: z.uuid().optional(),
    siteId: z.uuid().optional(),
    supervisorId: z.uuid().optional(),
    employeeId: z.uuid().optional(),
    csvVariant: z
      .enum(csvVariants)
      .optional()
      .describe(
        'CSV only: `semicolon` (default: UTF-8 with BOM, `;`, decimal comma, for Excel in French) or `comma` (plain)',
      ),
    confirm: z
      .enum(['true', 'false'])
      .optional()
      .describe('Payroll: export again weeks already exported (409 PAYROLL_ALREADY_EXPORTED without it)'),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'required' });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before_from' });
    else if (query.to >= addMonths(query.from, reportMaxMonths)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'period_too_long' });
    }
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;

const bilingual = z.object({ fr: z.string(), en: z.string() });

export const reportListItemSchema = z.object({
  type: z.string(),
  title: bilingual,
  formats: z.array(z.enum(reportFormatValues)),
  filters: z.array(z.enum(reportFilterValues)),
  fileStem: bilingual,
});
export const reportListSchema = z.object({ items: z.array(reportListItemSchema) });
export type ReportListItem = z.infer<typeof reportListItemSchema>;

const cellSchema = z.union([z.string(), z.number(), z.null()]);
export const reportPreviewSchema = z.object({
  type: z.string(),
  from: z.string(),
  to: z.string(),
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(['text', 'date', 'hours', 'money', 'number', 'percent']),
    }),
  ),
  rows: z.array(z.record(z.string(), cellSchema)),
  rowCount: z.number().int(),
  chart: z
    .object({
      kind: z.enum(['bar', 'line']),
      labelKey: z.string(),
      series: z.array(z.object({ key: z.string(), label: z.string() })),
      data: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    })
    .nullable(),
});
export type ReportPreviewAnswer = z.infer<typeof reportPreviewSchema>;
