import type { AbsenceInputParsed } from '@brigade/shared/absences';
import type { HolidayOverrideInput } from '@brigade/shared/holiday-schemas';
import { queryOptions } from '@tanstack/react-query';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

export const absencesListQuery = (params: Record<string, string | number>) =>
  listQuery('GET /absences', params);
export const absenceQuery = (id: string) => detailQuery('GET /absences/:id', id);
/** The dashboard item: today and this week, refreshed every minute while open. */
export const absenceSummaryQuery = queryOptions({
  ...endpointQuery('GET /absences/summary'),
  refetchInterval: 60_000,
});
export const absenceCalendarQuery = (month: string) =>
  queryOptions({ ...endpointQuery('GET /absences/calendar', { query: { month } }), meta: { silent: true } });
export const holidaysQuery = (year: number) =>
  queryOptions({ ...endpointQuery('GET /holidays', { query: { year } }), staleTime: 5 * 60_000 });

/** Employees, searched on the server as one types (the absence form's picker). */
export const employeeSearchQuery = (q: string) =>
  endpointQuery('GET /employees', {
    query: { q: q || undefined, pageSize: 20, active: 'true', sort: 'lastName' },
  });
export const clientOptionsQuery = queryOptions({
  ...endpointQuery('GET /clients', { query: { pageSize: 200, active: 'all', sort: 'name' } }),
  staleTime: 60_000,
});
export const clientSitesQuery = (clientId: string) =>
  endpointQuery('GET /sites', { query: { clientId, pageSize: 200, status: 'all' } });

export const createAbsence = write('POST /absences', (body: AbsenceInputParsed) => ({ body }));
export const updateAbsence = (id: string) =>
  write('PUT /absences/:id', (body: AbsenceInputParsed) => ({ params: { id }, body }));
export const deleteAbsence = (id: string) => write('DELETE /absences/:id', () => ({ params: { id } }));

export const createOverride = write('POST /holidays/overrides', (body: HolidayOverrideInput) => ({ body }));
export const deleteOverride = write('DELETE /holidays/overrides/:id', (id: string) => ({ params: { id } }));
