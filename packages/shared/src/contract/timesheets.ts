import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { deleteOutcomeSchema } from '../list.ts';
import { receiptPhotoQuerySchema } from '../time-entries.ts';
import {
  onSiteTodaySchema,
  timesheetCreateSchema,
  timesheetListQuerySchema,
  timesheetPageSchema,
  timesheetRejectSchema,
  timesheetSchema,
  timesheetSendResultSchema,
  timesheetSendSchema,
} from '../timesheets.ts';
import { idParams } from './ids.ts';

const fileQuery = z.object({
  language: z.enum(['fr', 'en']).optional().describe("The document's language; the asker's when left out"),
});

/** One site's pay week, sent to its supervisors and approved by one of them (issue 11). */
export const timesheetsEndpoints = {
  'GET /timesheets': endpoint({
    summary:
      'Timesheets by client, site, week and state, with their workers, hours and parking; a supervisor sees their own sites’ only',
    query: timesheetListQuerySchema,
    response: timesheetPageSchema,
  }),
  'GET /timesheets/on-site-today': endpoint({
    summary:
      'The supervisor’s home: each of their active sites today (not archived, started, not past its end date, of an active client), with who is expected there (confirmed on an order working today) or logged hours there, and the hours logged so far',
    response: onSiteTodaySchema,
  }),
  'POST /timesheets': endpoint({
    summary:
      'The timesheet of a site’s pay week, made the first time (the same site and week again answers the same timesheet): it gathers every entry of that week on the site',
    body: timesheetCreateSchema,
    status: 201,
    response: timesheetSchema,
  }),
  'GET /timesheets/:id': endpoint({
    summary:
      'One timesheet: workers × days, totals per worker, day and week, regular and overtime, the recipients and the history. A supervisor’s magic link opens only its own; opening changes nothing',
    params: idParams,
    response: timesheetSchema,
  }),
  'DELETE /timesheets/:id': endpoint({
    summary:
      'Delete a timesheet, approved or not (spec §4); its entries stay with the workers, the deletion is in the audit log',
    params: idParams,
    response: deleteOutcomeSchema,
  }),
  'POST /timesheets/:id/send': endpoint({
    summary:
      'Send it for approval: an e-mail with the PDF and a magic link (valid 7 days) to each supervisor of the site (an SMS with the link to one without e-mail), the PDF to the site’s admin-hours contact, each in their language. 400 EMAIL_CANT_SEND_NOT_SUPERVISOR with the addresses that are neither; 409 TIMESHEET_APPROVED once approved, TIMESHEET_WEEK_NOT_ENDED before the week’s Saturday is over (Toronto)',
    params: idParams,
    body: timesheetSendSchema,
    response: timesheetSendResultSchema,
    errors: [409],
  }),
  'POST /timesheets/:id/approve': endpoint({
    summary:
      'Approve the week, by one of the site’s supervisors (from their magic link too): who, when, from which address and browser are recorded (shown to the office only); only the accepted lines: 409 TIMESHEET_HAS_REFUSED_LINES (details.lines: entryId, employee, workDate, minutes, reason) while a refused line is not corrected or deleted, TIMESHEET_NOT_SENT for a draft, TIMESHEET_APPROVED when it already is',
    params: idParams,
    response: timesheetSchema,
    errors: [409],
  }),
  'POST /timesheets/:id/entries/:entryId/reject': endpoint({
    summary:
      'Refuse one line of the week with a reason (a supervisor of the site): the admins who sent it get an e-mail in their language, it is in the alerts and counted by `refused=true`; correcting or deleting the line settles it, and the last one settled reopens the week to its supervisors (status `reopened`). 409 TIMESHEET_APPROVED once approved, TIMESHEET_NOT_SENT for a draft',
    params: z.object({ id: z.uuid(), entryId: z.uuid() }),
    body: timesheetRejectSchema,
    response: timesheetSchema,
    errors: [409],
  }),
  'GET /timesheets/:id/entries/:entryId/photos/:photoId': endpoint({
    summary:
      'A parking receipt’s photo of one line of the week, as a JPEG (`size=thumb` for its 240 px thumbnail), to whoever may open the timesheet (its supervisor’s magic link too); 404 for a photo of an entry that is not of this site and week',
    params: z.object({ id: z.uuid(), entryId: z.uuid(), photoId: z.uuid() }),
    query: receiptPhotoQuerySchema,
  }),
  'GET /timesheets/:id/pdf': endpoint({
    summary: 'The weekly timesheet as a PDF (text that can be searched and copied)',
    params: idParams,
    query: fileQuery,
  }),
  'GET /timesheets/:id/xlsx': endpoint({
    summary: 'The weekly timesheet as an Excel workbook',
    params: idParams,
    query: fileQuery,
  }),
};
