import type { Writable } from 'node:stream';
import type { Language } from '@brigade/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';

/**
 * One report of the reports screen (spec §3, issue 28): what it is called, the formats and filters
 * it takes, a preview for the screen and the document it writes. Each report is one file under
 * `modules/reports/<group>/`, and `registry.ts` lists them; the route reads only this shape.
 */

export const reportFormats = ['pdf', 'xlsx', 'zip', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportFilters = ['client', 'site', 'supervisor', 'employee'] as const;
export type ReportFilter = (typeof reportFilters)[number];

/** The request, checked: a period of local days (inclusive, ≤ 13 months), the filters, the document's language. */
export interface ReportParams {
  from: string;
  to: string;
  language: Language;
  clientId?: string;
  siteId?: string;
  supervisorId?: string;
  employeeId?: string;
  /** CSV only: `semicolon` (UTF-8 with BOM, `;`, decimal comma — Excel in French) or `comma`. */
  csvVariant?: 'semicolon' | 'comma';
  /** Payroll: export again the weeks already exported (`confirm=true`). */
  confirm?: boolean;
}

export interface ReportContext {
  db: Executor;
  storage: FileStorage;
  actor: Actor;
  /** Links in documents (a receipt photo in the workbook) start with it. */
  publicUrl: string;
  /** Stops the work when the client goes away (a cancelled download). */
  signal: AbortSignal;
}

/** The screen's preview: the first rows as a table and, where numbers tell a story, a chart. */
export interface ReportPreview {
  columns: { key: string; label: string; kind: 'text' | 'date' | 'hours' | 'money' | 'number' | 'percent' }[];
  rows: Record<string, string | number | null>[];
  /** How many rows the whole document has. */
  rowCount: number;
  chart: null | {
    kind: 'bar' | 'line';
    /** The key of each point's label (a day, a site). */
    labelKey: string;
    series: { key: string; label: string }[];
    data: Record<string, string | number>[];
  };
}

export interface ReportDefinition {
  /** The path's `{type}`: `employees-hours`, `parking-photos`… */
  type: string;
  formats: readonly ReportFormat[];
  filters: readonly ReportFilter[];
  /** The document's file name before `_from_to.ext`, in each language: `heures-employes` / `employee-hours`. */
  fileStem: Record<Language, string>;
  title: Record<Language, string>;
  preview(ctx: ReportContext, params: ReportParams): Promise<ReportPreview>;
  /**
   * Refusals that must come before the first byte of the document (a 409 the asker can act on:
   * the payroll's weeks already exported). Optional: most reports have none.
   */
  check?(ctx: ReportContext, params: ReportParams, format: ReportFormat): Promise<void>;
  /** Writes the whole document to `out` as it is made (streamed), then ends it. */
  write(ctx: ReportContext, params: ReportParams, format: ReportFormat, out: Writable): Promise<void>;
}
