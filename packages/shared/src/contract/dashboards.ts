import {
  clientsDashboardSchema,
  mapSiteDetailSchema,
  sitesMapSchema,
  weekQuerySchema,
} from '../dashboards.ts';
import { endpoint } from '../endpoint.ts';
import { idParams } from './ids.ts';

/** The admin dashboards over one pay week (Sunday to Saturday): current clients and the sites map. */
export const dashboardsEndpoints = {
  'GET /dashboards/clients': endpoint({
    summary:
      'The clients with a site active or an order during the week, with confirmed headcount and open places per client and site',
    description:
      '`week` is any day of the week (dd/MM/yyyy or yyyy-MM-dd); this week in Montréal by default. Headcount: distinct workers confirmed on the orders that touch the week; open places: workers needed − confirmed, per order, added up.',
    query: weekQuerySchema,
    response: clientsDashboardSchema,
  }),
  'GET /dashboards/map': endpoint({
    summary: 'The located sites live during the week, with their coverage (full, partial, none, no_order)',
    query: weekQuerySchema,
    response: sitesMapSchema,
  }),
  'GET /dashboards/map/:id': endpoint({
    summary: 'One site of the map: its orders touching the week and the workers confirmed on them',
    params: idParams,
    query: weekQuerySchema,
    response: mapSiteDetailSchema,
  }),
};
