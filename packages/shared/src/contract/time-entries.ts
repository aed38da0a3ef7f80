import { z } from 'zod';
import { isoDateSchema } from '../address.ts';
import { endpoint } from '../endpoint.ts';
import { deleteOutcomeSchema } from '../list.ts';
import { batchOutcomeSchema } from '../messages.ts';
import {
  hourAlertListSchema,
  hourReminderInputSchema,
  hoursByDateQuerySchema,
  hoursByEmployeeQuerySchema,
  hoursByEmployeeSchema,
  receiptPhotoQuerySchema,
  timeEntryDefaultsSchema,
  timeEntryInputSchema,
  timeEntrySchema,
  timeEntrySitesQuerySchema,
  timeEntrySitesSchema,
  timeEntryWeekQuerySchema,
  timeEntryWeekSchema,
} from '../time-entries.ts';
import { idParams } from './ids.ts';

const photoParams = z.object({ id: z.uuid(), photoId: z.uuid() });

const refusals =
  '400 for a day in the future or hours not on quarter hours; 409 TIME_ENTRY_OVERLAP (another entry of the worker at that time that day), EMPLOYEE_ABSENT (a day away), SITE_NOT_ALLOWED (a site no longer active, one the worker is blacklisted from, or not one of a supervisor’s sites), TIMESHEET_APPROVED (the site’s week is approved: an admin’s change reopens it), EMPLOYEE_ARCHIVED';

/** Hours logged by the day (issue 11): the employee's own, a supervisor's sites', anyone's for admins. */
export const timeEntriesEndpoints = {
  'GET /time-entries/week': endpoint({
    summary:
      'One worker’s pay week (Sunday to Saturday): each day’s entries, the totals, regular and overtime',
    description:
      'An employee reads their own weeks; a supervisor the weeks of the workers on their sites (the entries on their sites only); an admin anyone’s. Overtime: beyond 8 h a day or 40 h a week.',
    query: timeEntryWeekQuerySchema,
    response: timeEntryWeekSchema,
  }),
  'GET /time-entries/defaults': endpoint({
    summary:
      'What the time logger proposes for a day: the sites of the worker’s confirmed assignations that day',
    query: z.object({ employeeId: z.uuid().optional(), date: isoDateSchema.optional() }),
    response: timeEntryDefaultsSchema,
  }),
  'GET /time-entries/sites': endpoint({
    summary:
      'The sites one may log hours on, searched by name, client or city (20 at most): every active site, or a supervisor’s own',
    query: timeEntrySitesQuerySchema,
    response: timeEntrySitesSchema,
  }),
  'GET /time-entries/total-hours-worked-by-date': endpoint({
    summary:
      'Hour alerts (spec §7, §9): the workers confirmed on an order working each day of the range who logged less than the order expects (its shift less its unpaid break; nothing included) and were not away the whole day; the menu badge is the list’s length',
    description:
      'Each line has the minutes logged and the expected minutes (expectedMinutes) and hours (expectedHours, decimal).',
    query: hoursByDateQuerySchema,
    response: hourAlertListSchema,
  }),
  'POST /time-entries/hour-reminders': endpoint({
    summary:
      'Text each listed worker still short of hours over the range their reminder, queued at once: the days and sites missing, in their language (400 NO_RECIPIENTS when none of them is short any more)',
    body: hourReminderInputSchema,
    response: batchOutcomeSchema,
  }),
  'GET /time-entries/total-hours-worked-by-date-and-by-employee': endpoint({
    summary: 'Each worker’s logged minutes per day over the range (one worker with employeeId)',
    query: hoursByEmployeeQuerySchema,
    response: hoursByEmployeeSchema,
  }),
  'POST /time-entries': endpoint({
    summary: `Log hours. The same idempotencyKey sent again answers the entry already written, as the first time, never a second one. ${refusals}`,
    body: timeEntryInputSchema,
    status: 201,
    response: timeEntrySchema,
    errors: [409],
  }),
  'GET /time-entries/:id': endpoint({
    summary: 'One entry',
    params: idParams,
    response: timeEntrySchema,
  }),
  'PUT /time-entries/:id': endpoint({
    summary: `Replace an entry (every field); the same refusals as logging. ${refusals}`,
    params: idParams,
    body: timeEntryInputSchema,
    response: timeEntrySchema,
    errors: [409],
  }),
  'POST /time-entries/:id/photos': endpoint({
    summary:
      'Add a photo of a parking receipt: the raw image is the body (JPEG, PNG or WebP, 15 MB at most, 6 per entry; 400 PHOTO_NOT_ACCEPTED otherwise). It is turned upright, re-encoded as a JPEG of at most 1,600 px without its metadata (EXIF: place, time, phone), and gets a thumbnail. Over 40 megapixels it is refused before decoding (400 IMAGE_TOO_LARGE); uploads are limited per person (429 TOO_MANY_REQUESTS)',
    params: idParams,
    status: 201,
    response: timeEntrySchema,
    errors: [409, 429],
  }),
  'GET /time-entries/:id/photos/:photoId': endpoint({
    summary: 'A receipt’s photo as a JPEG (`size=thumb` for its 240 px thumbnail)',
    params: photoParams,
    query: receiptPhotoQuerySchema,
  }),
  'DELETE /time-entries/:id/photos/:photoId': endpoint({
    summary: 'Remove a receipt’s photo',
    params: photoParams,
    response: timeEntrySchema,
    errors: [409],
  }),
  'DELETE /time-entries/:id': endpoint({
    summary:
      'Delete an entry (kept in the audit log); refused in an approved week except for an admin, which reopens it',
    params: idParams,
    response: deleteOutcomeSchema,
    errors: [409],
  }),
};
