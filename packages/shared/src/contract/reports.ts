import { endpoint } from '../endpoint.ts';
import { reportListSchema, reportParamsSchema, reportPreviewSchema, reportQuerySchema } from '../reports.ts';

/** The reports screen (issue 28): the list, a report's preview, its document streamed. */
export const reportsEndpoints = {
  'GET /reports': endpoint({
    summary:
      'The reports the asker may make, in the screen’s order, each with its titles and file names in both languages, its formats and filters (admins; a supervisor gets the timesheets summary only)',
    response: reportListSchema,
  }),
  'GET /reports/:type/preview': endpoint({
    summary:
      'A report’s first rows as a table and, where numbers tell a story, a chart, for the same query as its document. 404 REPORT_NOT_FOUND for an unknown type, REPORT_FILTER_NOT_FOUND when a filter names nothing (details.filter); 400 VALIDATION_FAILED for a period backwards or over 13 months',
    params: reportParamsSchema,
    query: reportQuerySchema,
    response: reportPreviewSchema,
  }),
  'GET /reports/:type': endpoint({
    summary:
      'A report’s document, streamed as it is made: PDF (application/pdf), Excel (.xlsx), CSV (text/csv) or ZIP, with `Content-Disposition: attachment` naming it in the document’s language (`heures-employes_2026-11-15_2026-11-21.xlsx`, and `filename*` in UTF-8). An empty period gives a document that says so. 404 REPORT_NOT_FOUND, REPORT_FILTER_NOT_FOUND (details.filter); 400 REPORT_FORMAT_NOT_OFFERED (details.formats: the report’s), VALIDATION_FAILED for the period; 409 PAYROLL_ALREADY_EXPORTED (details.weeks) when a payroll week was exported before and `confirm=true` is not given',
    params: reportParamsSchema,
    query: reportQuerySchema,
    errors: [409],
  }),
};
