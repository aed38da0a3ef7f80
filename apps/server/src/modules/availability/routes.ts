import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { availabilityPolicy } from './policy.ts';
import { availableEmployees, openOrdersOfDay } from './service.ts';

/** The available-employees dashboard: who is free on a day, and the open orders of that day. */
export default async function availabilityRoutes(app: App) {
  const route = moduleRoutes(app, 'dashboards');
  const { db } = app.deps;
  route('GET /dashboards/available-employees', availabilityPolicy.read, (request) =>
    availableEmployees(db, request.auth, request.query),
  );
  route('GET /dashboards/available-employees/open-orders', availabilityPolicy.read, (request) =>
    openOrdersOfDay(db, request.auth, request.query.date),
  );
}
