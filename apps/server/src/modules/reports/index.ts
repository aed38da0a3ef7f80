// Reports (issue 28): the reports screen's documents, and the one place their hours are computed.
export { CsvWriter, parseCsv } from './document/csv.ts';
export { default as reportsRoutes } from './routes.ts';
