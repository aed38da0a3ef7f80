import { defaultAlertDays } from '@brigade/shared/alert-kinds';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/queries.ts';

/** The windows the office picks from (days ahead); 7 is the spec's (§9). */
export const alertWindows = [3, defaultAlertDays, 14, 30] as const;

/**
 * Every alert of the next `days` days, read again each time the page opens (orders and
 * assignations change them from other screens). The page shows its own load errors, so no toast
 * repeats them.
 */
export const alertsQuery = (days: number) =>
  queryOptions({
    ...endpointQuery('GET /alerts', { query: { days } }),
    staleTime: 0,
    meta: { silent: true },
  });
