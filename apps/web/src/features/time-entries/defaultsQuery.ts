import { queryOptions } from '@tanstack/react-query';
import { companyToday } from '../../lib/calendar.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';

// Apart from api.ts: the app's first file asks for the logger's defaults with these
// (app/routes.tsx), beside the logger's code rather than after it.

/** The sites of the worker's confirmed assignations on `date`: the logger proposes them first. */
export const timeEntryDefaultsQuery = (employeeId: string | undefined, date: string) =>
  queryOptions({
    ...endpointQuery('GET /time-entries/defaults', { query: { employeeId, date } }),
    meta: { silent: true },
  });
/**
 * The defaults a new entry's logger asks for first, from its address (`?employeeId=`, `?date=`, as
 * TimeLoggerPage and TimeEntryForm read them): asked for beside the page's code when the app opens
 * on it, the form draws its sites at once instead of a round trip after its code.
 */
export const openingTimeEntryDefaultsQuery = (search: string) => {
  const params = new URLSearchParams(search);
  const today = companyToday();
  const date = params.get('date');
  return timeEntryDefaultsQuery(params.get('employeeId') ?? undefined, date && date <= today ? date : today);
};

/**
 * The sites a worker may log on, unsearched: what the logger's search shows at once on a day with
 * no assignation (`loggableSitesQuery(undefined)` in api.ts, the same query).
 */
export const openingLoggableSitesQuery = () =>
  endpointQuery('GET /time-entries/sites', { query: { q: undefined } });
