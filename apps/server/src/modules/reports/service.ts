import { PassThrough } from 'node:stream';
import type { Language, ReportListItem, ReportPreviewAnswer, reportQuerySchema } from '@brigade/shared';
import { payWeekStart } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { clients, employees, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { AppError, fieldError, forbidden } from '../../lib/errors.ts';
import { type Actor, authorize, may } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type {
  ReportContext,
  ReportDefinition,
  ReportFilter,
  ReportFormat,
  ReportParams,
} from './definition.ts';
import { reportFileName } from './document/texts.ts';
import { reportsPolicy } from './policy.ts';
import { findReport, reportDefinitions } from './registry.ts';

type ReportQuery = z.output<typeof reportQuerySchema>;

export interface ReportDeps {
  db: Executor;
  storage: FileStorage;
  publicUrl: string;
}

/** The reports the asker may make, in the screen's order. */
export function listReports(actor: Actor): { items: ReportListItem[] } {
  return {
    items: reportDefinitions
      .filter((definition) => may(actor, reportsPolicy.read, { type: definition.type }))
      .map((definition) => ({
        type: definition.type,
        title: definition.title,
        formats: [...definition.formats],
        filters: [...definition.filters],
        fileStem: definition.fileStem,
      })),
  };
}

const filterKeys: Record<ReportFilter, 'clientId' | 'siteId' | 'supervisorId' | 'employeeId'> = {
  client: 'clientId',
  site: 'siteId',
  supervisor: 'supervisorId',
  employee: 'employeeId',
};

/** Whether the record a filter names exists (a client, a site, a supervisor, an employee). */
async function filterNamesSomething(db: Executor, filter: ReportFilter, id: string): Promise<boolean> {
  const rows =
    filter === 'client'
      ? await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id))
      : filter === 'site'
        ? await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id))
        : filter === 'supervisor'
          ? await db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.id, id), eq(users.role, 'supervisor')))
          : await db.select({ id: employees.userId }).from(employees).where(eq(employees.userId, id));
  return rows.length > 0;
}

export interface PreparedReport {
  definition: ReportDefinition;
  params: ReportParams;
  format: ReportFormat;
  fileName: string;
}

/**
 * A request checked, before anything is made: the report exists (404 REPORT_NOT_FOUND), the asker
 * may make it, the format is one of its own (400 REPORT_FORMAT_NOT_OFFERED), each filter is one it
 * takes and names something (404 REPORT_FILTER_NOT_FOUND); the period is the last pay week when
 * left out. A supervisor's report covers their own sites only: their `supervisorId`, always.
 */
export async function prepareReport(
  db: Executor,
  actor: Actor & { language: Language },
  type: string,
  query: ReportQuery,
): Promise<PreparedReport> {
  const definition = findReport(type);
  if (!definition) throw new AppError('REPORT_NOT_FOUND', `No report ${type}`, { type });
  authorize(actor, reportsPolicy.read, { type });
  const format = query.format ?? (definition.formats[0] as ReportFormat);
  if (!definition.formats.includes(format)) {
    throw new AppError('REPORT_FORMAT_NOT_OFFERED', `The report ${type} is not made as ${format}`, {
      formats: definition.formats,
    });
  }
  const lastWeek = payWeekStart(addDays(companyToday(), -7));
  const params: ReportParams = {
    from: query.from ?? lastWeek,
    to: query.to ?? addDays(lastWeek, 6),
    language: query.language ?? actor.language,
    ...(format === 'csv' ? { csvVariant: query.csvVariant ?? 'semicolon' } : {}),
    ...(query.confirm === 'true' ? { confirm: true } : {}),
  };
  for (const filter of Object.keys(filterKeys) as ReportFilter[]) {
    const key = filterKeys[filter];
    const id = query[key];
    if (id === undefined) continue;
    if (!definition.filters.includes(filter)) throw fieldError(key, 'not_a_filter_of_this_report');
    if (!(await filterNamesSomething(db, filter, id))) {
      throw new AppError('REPORT_FILTER_NOT_FOUND', `The ${filter} filter names nothing`, { filter, id });
    }
    params[key] = id;
  }
  if (actor.role === 'supervisor') {
    if (params.supervisorId && params.supervisorId !== actor.userId) throw forbidden();
    if (params.siteId) {
      const [own] = await db
        .select({ siteId: siteSupervisors.siteId })
        .from(siteSupervisors)
        .where(
          and(eq(siteSupervisors.siteId, params.siteId), eq(siteSupervisors.supervisorId, actor.userId)),
        );
      if (!own) throw forbidden();
    }
    params.supervisorId = actor.userId;
  }
  return { definition, params, format, fileName: reportFileName(definition, params, format) };
}

export const contentTypes: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

export async function reportPreview(
  deps: ReportDeps,
  actor: Actor & { language: Language },
  type: string,
  query: ReportQuery,
  signal: AbortSignal,
): Promise<ReportPreviewAnswer> {
  const { definition, params } = await prepareReport(deps.db, actor, type, query);
  const preview = await definition.preview({ ...deps, actor, signal }, params);
  return { type, from: params.from, to: params.to, ...preview };
}

/**
 * Starts a report's document: checked first (every refusal is an error answer, before any byte),
 * then written into a stream the reply sends as it fills. The work stops when `signal` says the
 * asker went away; a failure midway ends the stream with its error (the download is cut short,
 * never passed off as whole).
 */
export async function startReport(
  deps: ReportDeps,
  actor: Actor & { language: Language },
  type: string,
  query: ReportQuery,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<{ stream: PassThrough; fileName: string; contentType: string }> {
  const prepared = await prepareReport(deps.db, actor, type, query);
  const ctx: ReportContext = { ...deps, actor, signal };
  await prepared.definition.check?.(ctx, prepared.params, prepared.format);
  const stream = new PassThrough();
  signal.addEventListener('abort', () => stream.destroy(), { once: true });
  prepared.definition.write(ctx, prepared.params, prepared.format, stream).catch((error: unknown) => {
    if (!signal.aborted) onError(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { stream, fileName: prepared.fileName, contentType: contentTypes[prepared.format] };
}
