import type { TimesheetCreate, TimesheetSend } from '@brigade/shared/timesheets';
import { getToken } from '../../lib/auth.ts';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';
import { saveResponse } from '../../lib/saveFile.ts';

export const timesheetsListQuery = (params: Record<string, string | number>) =>
  listQuery('GET /timesheets', params);
export const timesheetQuery = (id: string) => detailQuery('GET /timesheets/:id', id);
/** The sheets waiting for a supervisor, or approved lately: their dashboard. */
export const supervisorSheetsQuery = (status: 'sent' | 'approved') =>
  endpointQuery('GET /timesheets', {
    // Waiting for them: sent, or reopened by the office's correction (issue 26, point 6).
    query:
      status === 'sent'
        ? { toApprove: 'true', pageSize: 50, sort: 'weekStart', order: 'desc' }
        : { status, pageSize: 5, sort: 'weekStart', order: 'desc' },
  });

/** The supervisor's sites today: who is there and what they logged so far. */
export const onSiteTodayQuery = endpointQuery('GET /timesheets/on-site-today');

export const createTimesheet = write('POST /timesheets', (body: TimesheetCreate) => ({ body }));
export const deleteTimesheet = write('DELETE /timesheets/:id', (id: string) => ({ params: { id } }));
export const sendTimesheet = (id: string) =>
  write('POST /timesheets/:id/send', (body: TimesheetSend) => ({ params: { id }, body }));
export const approveTimesheet = (id: string) =>
  write('POST /timesheets/:id/approve', () => ({ params: { id } }));
export const rejectLine = (id: string) =>
  write('POST /timesheets/:id/entries/:entryId/reject', (input: { entryId: string; reason: string }) => ({
    params: { id, entryId: input.entryId },
    body: { reason: input.reason },
  }));

/**
 * Downloads the timesheet as a PDF or a workbook, in the page's language (the API wants the
 * session's token, which a plain link lacks).
 */
export async function downloadTimesheet(
  id: string,
  format: 'pdf' | 'xlsx',
  language: 'fr' | 'en',
): Promise<void> {
  const response = await fetch(`/api/timesheets/${id}/${format}?language=${language}`, {
    headers: { authorization: `Bearer ${getToken()}` },
  });
  if (!response.ok) throw new Error(`timesheet ${format}: ${response.status}`);
  await saveResponse(response, `timesheet.${format}`);
}
