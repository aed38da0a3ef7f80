import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { auditPolicy } from './policy.ts';
import { listAuditLog } from './service.ts';

export default async function auditRoutes(app: App) {
  const route = moduleRoutes(app, 'audit');

  route('GET /audit-log', auditPolicy.read, (request) =>
    listAuditLog(app.deps.db, request.auth, request.query),
  );
}
