import type { TimeEntryInputParsed } from '@brigade/shared/time-entries';
import { endpointQuery, write } from '../../lib/queries.ts';

/** One worker's pay week (their own without `employeeId`); `week` is any day of it. */
export const timeEntryWeekQuery = (employeeId: string | undefined, week: string | undefined) =>
  endpointQuery('GET /time-entries/week', { query: { employeeId, week } });
export const timeEntryQuery = (id: string) => endpointQuery('GET /time-entries/:id', { params: { id } });
export { timeEntryDefaultsQuery } from './defaultsQuery.ts';

/** The sites one may log on, searched (another site than the day's). */
export const loggableSitesQuery = (q: string | undefined) =>
  endpointQuery('GET /time-entries/sites', { query: { q } });

export const createTimeEntry = write('POST /time-entries', (body: TimeEntryInputParsed) => ({ body }));
export const updateTimeEntry = (id: string) =>
  write('PUT /time-entries/:id', (body: TimeEntryInputParsed) => ({ params: { id }, body }));
export const deleteTimeEntry = write('DELETE /time-entries/:id', (id: string) => ({ params: { id } }));

/** "Mes affectations": the worker's confirmed assignations over two weeks and the offers sent to them. */
export const myAssignationsQuery = endpointQuery('GET /my-assignations');
/** The worker accepts or declines an offer (as their SMS reply would). */
export const answerMyAssignation = write(
  'POST /my-assignations/:id/answer',
  (input: { id: string; answer: 'confirmed' | 'declined' }) => ({
    params: { id: input.id },
    body: { answer: input.answer },
  }),
);

/** Hour alerts over a range (yesterday by default): confirmed workers short of their shift's hours. */
export const hourAlertsQuery = (startDate: string, endDate: string) =>
  endpointQuery('GET /time-entries/total-hours-worked-by-date', { query: { startDate, endDate } });
/** A reminder to the listed workers, composed by the server and sent at once: each their days and sites, in their language. */
export const sendReminder = write(
  'POST /time-entries/hour-reminders',
  (input: { startDate: string; endDate: string; employeeIds: string[] }) => ({ body: input }),
);

/** A receipt's photo, sent as the camera gave it (the server re-encodes it). */
export const addPhoto = (entryId: string) =>
  write('POST /time-entries/:id/photos', (file: File) => ({ params: { id: entryId }, upload: file }));
export const removePhoto = (entryId: string) =>
  write('DELETE /time-entries/:id/photos/:photoId', (photoId: string) => ({
    params: { id: entryId, photoId },
  }));
