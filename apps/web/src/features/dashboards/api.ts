import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/queries.ts';

/**
 * Read again each time a page opens (orders and assignations change them from other screens); the
 * pages show their own load errors (with Retry), so no toast repeats them.
 */
const silent = { staleTime: 0, meta: { silent: true } } as const;

export const clientsDashboardQuery = (week: string) =>
  queryOptions({ ...endpointQuery('GET /dashboards/clients', { query: { week } }), ...silent });
export const sitesMapQuery = (week: string) =>
  queryOptions({ ...endpointQuery('GET /dashboards/map', { query: { week } }), ...silent });
export const mapSiteQuery = (id: string, week: string) =>
  queryOptions({
    ...endpointQuery('GET /dashboards/map/:id', { params: { id }, query: { week } }),
    ...silent,
  });

export { mapTileUrl } from '../../lib/mapTiles.ts';
