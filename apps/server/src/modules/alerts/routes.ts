import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { countAlerts } from './count.ts';
import { listAlerts } from './list.ts';
import { alertsPolicy } from './policy.ts';

/** Site alerts: the list (/alerts) and the menu badge's count. */
export default async function alertsRoutes(app: App) {
  const route = moduleRoutes(app, 'alerts');
  const { db } = app.deps;
  route('GET /alerts', alertsPolicy.read, (request) => listAlerts(db, request.auth, request.query.days));
  route('GET /alerts/notifications', alertsPolicy.read, (request) =>
    countAlerts(db, request.auth, request.query.days),
  );
}
