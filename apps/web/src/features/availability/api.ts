import { queryOptions } from '@tanstack/react-query';
import { endpointQuery, write } from '../../lib/queries.ts';

/**
 * Read again each time the page opens (assignations, absences and orders change them from other
 * screens); the page shows its own load errors (with Retry), so no toast repeats them.
 */
const silent = { staleTime: 0, meta: { silent: true } } as const;

export interface AvailableEmployeesParams {
  date: string;
  q?: string;
  skillId?: string;
  page: number;
  pageSize: number;
}

export const availableEmployeesQuery = (query: AvailableEmployeesParams) =>
  queryOptions({ ...endpointQuery('GET /dashboards/available-employees', { query }), ...silent });

export const openOrdersOfDayQuery = (date: string) =>
  queryOptions({
    ...endpointQuery('GET /dashboards/available-employees/open-orders', { query: { date } }),
    ...silent,
  });

export const skillOptionsQuery = queryOptions({ ...endpointQuery('GET /skills/options'), staleTime: 60_000 });

/** Proposes one worker on an order: a pending assignation, with its pending Assignation SMS. */
export const proposeOnOrder = (orderId: string) =>
  write('POST /orders/:id/assignations', (employeeId: string) => ({
    params: { id: orderId },
    body: { employeeIds: [employeeId] },
  }));
