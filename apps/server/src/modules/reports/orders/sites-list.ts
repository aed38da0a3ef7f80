import type { Writable } from 'node:stream';
import { type SiteStatus, type SiteType, siteStatusOn } from '@brigade/shared';
import { sql } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake';
import type { Executor } from '../../../db/client.ts';
import { companyToday } from '../../../lib/calendar.ts';
import { jsonRows } from '../../../lib/executor.ts';
import type { ReportDefinition, ReportParams } from '../definition.ts';
import {
  addRow,
  closeBook,
  commonWords,
  dateText,
  excelDate,
  openBook,
  pdfEmpty,
  pdfTable,
  tableSheet,
  withFiltersText,
  writePdf,
} from '../parking/document.ts';
import { siteFilters } from './filters.ts';
import { ordersWords } from './texts.ts';

export interface SiteListLine {
  siteId: string;
  clientName: string;
  clientActive: boolean;
  siteName: string;
  street: string | null;
  city: string | null;
  province: string;
  postalCode: string | null;
  type: SiteType;
  po: string | null;
  jobNumber: string | null;
  supervisors: string[];
  archived: boolean;
  startDate: string | null;
  endDate: string | null;
}

/** Every site the filters keep (whatever the period: the list is of the sites as they are), by client then name. */
export async function siteListLines(db: Executor, params: ReportParams): Promise<SiteListLine[]> {
  const query = sql`
    select s.id as "siteId", c.name as "clientName", c.active as "clientActive", s.name as "siteName",
      s.street, s.city, s.province, s.postal_code as "postalCode", s.type, s.po, s.job_number as "jobNumber",
      (select coalesce(json_agg(u.last_name || ', ' || u.first_name order by u.last_name, u.first_name), '[]'::json)
         from site_supervisors ss join users u on u.id = ss.supervisor_id where ss.site_id = s.id) as "supervisors",
      s.archived, s.start_date as "startDate", s.end_date as "endDate",
      row_number() over (order by c.name, s.name, s.id) as "_rank"
    from sites s join clients c on c.id = s.client_id
    where ${siteFilters(params)}`;
  return jsonRows<SiteListLine>(db, query, { ordered: true });
}

/** "100 rue Principale, Laval, QC H7N 1A1"; nothing for a site with no address but its province. */
const address = (line: SiteListLine) =>
  line.street || line.city || line.postalCode
    ? [line.street, line.city, [line.province, line.postalCode].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : null;

/** The site's status today; an archived client's sites are inactive. */
const statusOf = (line: SiteListLine, today: string): SiteStatus =>
  siteStatusOn({ ...line, archived: line.archived || !line.clientActive }, today);

const title = { fr: 'Liste des chantiers', en: 'Sites list' };

async function writeXlsx(params: ReportParams, lines: SiteListLine[], today: string, out: Writable) {
  const w = ordersWords(params.language);
  const book = openBook(out);
  const ws = tableSheet(book, params, w.sitesSheet, title[params.language], [
    { label: w.client, kind: 'text', width: 24 },
    { label: w.site, kind: 'text', width: 28 },
    { label: w.address, kind: 'text', width: 40 },
    { label: w.type, kind: 'text', width: 12 },
    { label: w.po, kind: 'text', width: 14 },
    { label: w.jobNumber, kind: 'text', width: 12 },
    { label: w.supervisors, kind: 'text', width: 36 },
    { label: w.status, kind: 'text', width: 12 },
    { label: w.startDate, kind: 'date', width: 12 },
    { label: w.endDate, kind: 'date', width: 12 },
  ]);
  if (lines.length === 0) addRow(ws, [commonWords(params.language).empty]);
  for (const line of lines)
    addRow(ws, [
      line.clientName,
      line.siteName,
      address(line),
      w.siteTypes[line.type],
      line.po,
      line.jobNumber,
      line.supervisors.join('; '),
      w.siteStatuses[statusOf(line, today)],
      line.startDate ? excelDate(line.startDate) : null,
      line.endDate ? excelDate(line.endDate) : null,
    ]);
  addRow(ws, []);
  addRow(ws, [w.asOf(dateText(today, params.language))]);
  ws.commit();
  await closeBook(book, out);
}

function pdfContent(params: ReportParams, lines: SiteListLine[], today: string): Content[] {
  const { language } = params;
  const w = ordersWords(language);
  if (lines.length === 0) return [pdfEmpty(language)];
  const rows: TableCell[][] = lines.map((line) => [
    line.clientName,
    line.siteName,
    address(line) ?? '',
    w.siteTypes[line.type],
    line.po ?? '',
    line.jobNumber ?? '',
    line.supervisors.join('\n'),
    w.siteStatuses[statusOf(line, today)],
    line.startDate ? dateText(line.startDate, language) : '',
    line.endDate ? dateText(line.endDate, language) : '',
  ]);
  return [
    pdfTable(
      [
        { label: w.client, width: 80 },
        { label: w.site, width: 90 },
        { label: w.address, width: '*' },
        { label: w.type },
        { label: w.po },
        { label: w.jobNumber },
        { label: w.supervisors, width: 100 },
        { label: w.status },
        { label: w.startDate, width: 52 },
        { label: w.endDate, width: 52 },
      ],
      rows,
    ),
    { text: w.asOf(dateText(today, language)), color: '#475467', margin: [0, 4, 0, 0] },
  ];
}

/** Report 9: every site with its client, address, type, PO, Job #, supervisors, status and dates. */
export const sitesListReport: ReportDefinition = {
  type: 'sites-list',
  formats: ['pdf', 'xlsx'],
  filters: ['client', 'site', 'supervisor'],
  fileStem: { fr: 'liste-chantiers', en: 'sites-list' },
  title,
  async preview(ctx, params) {
    const w = ordersWords(params.language);
    const today = companyToday();
    const lines = await siteListLines(ctx.db, params);
    return {
      columns: [
        { key: 'client', label: w.client, kind: 'text' },
        { key: 'site', label: w.site, kind: 'text' },
        { key: 'address', label: w.address, kind: 'text' },
        { key: 'type', label: w.type, kind: 'text' },
        { key: 'po', label: w.po, kind: 'text' },
        { key: 'jobNumber', label: w.jobNumber, kind: 'text' },
        { key: 'supervisors', label: w.supervisors, kind: 'text' },
        { key: 'status', label: w.status, kind: 'text' },
        { key: 'startDate', label: w.startDate, kind: 'date' },
        { key: 'endDate', label: w.endDate, kind: 'date' },
      ],
      rows: lines.slice(0, 20).map((line) => ({
        client: line.clientName,
        site: line.siteName,
        address: address(line),
        type: w.siteTypes[line.type],
        po: line.po,
        jobNumber: line.jobNumber,
        supervisors: line.supervisors.join(', '),
        status: w.siteStatuses[statusOf(line, today)],
        startDate: line.startDate,
        endDate: line.endDate,
      })),
      rowCount: lines.length,
      chart: null,
    };
  },
  async write(ctx, asked, format, out) {
    const params = await withFiltersText(ctx.db, asked);
    const today = companyToday();
    const lines = await siteListLines(ctx.db, params);
    if (format === 'xlsx') return writeXlsx(params, lines, today, out);
    await writePdf(out, params, {
      title: title[params.language],
      landscape: true,
      content: pdfContent(params, lines, today),
    });
  },
};
