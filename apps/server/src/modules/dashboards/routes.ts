import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { clientsDashboard } from './clients.ts';
import { mapSite, sitesMap } from './map.ts';
import { dashboardsPolicy } from './policy.ts';

/** The admin dashboards over a week: current clients, the sites map and one site of it. */
export default async function dashboardsRoutes(app: App) {
  const route = moduleRoutes(app, 'dashboards');
  const { db } = app.deps;
  route('GET /dashboards/clients', dashboardsPolicy.read, (request) =>
    clientsDashboard(db, request.auth, request.query.week),
  );
  route('GET /dashboards/map', dashboardsPolicy.read, (request) =>
    sitesMap(db, request.auth, request.query.week),
  );
  route('GET /dashboards/map/:id', dashboardsPolicy.read, (request) =>
    mapSite(db, request.auth, request.params.id, request.query.week),
  );
}
