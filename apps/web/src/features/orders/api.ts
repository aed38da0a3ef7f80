import type { OrderInputParsed } from '@brigade/shared/orders';
import { queryOptions } from '@tanstack/react-query';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

export const ordersListQuery = (params: Record<string, string | number>) => listQuery('GET /orders', params);
export const orderQuery = (id: string) => detailQuery('GET /orders/:id', id);

/** The clients an order may be for (active ones), and a client's sites with their supervisors. */
export const activeClientsQuery = queryOptions({
  ...endpointQuery('GET /clients', { query: { pageSize: 200, active: 'true', sort: 'name' } }),
  staleTime: 60_000,
});
export const clientSitesQuery = (clientId: string) =>
  endpointQuery('GET /sites', { query: { clientId, pageSize: 200, status: 'all' } });
export const skillOptionsQuery = queryOptions({ ...endpointQuery('GET /skills/options'), staleTime: 60_000 });
export const toolOptionsQuery = queryOptions({ ...endpointQuery('GET /tools/options'), staleTime: 60_000 });

export const createOrder = write('POST /orders', (body: OrderInputParsed) => ({ body }));
export const updateOrder = (id: string) =>
  write('PUT /orders/:id', (body: OrderInputParsed) => ({ params: { id }, body }));
export const cancelOrder = (id: string) =>
  write('POST /orders/:id/cancel', (reason: string | null) => ({ params: { id }, body: { reason } }));
