import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { supervisorsPolicy } from './policy.ts';
import * as service from './service.ts';

/** The supervisors API (master data): the client's site foremen, who approve hours. */
export default async function supervisorsRoutes(app: App) {
  const route = moduleRoutes(app, 'supervisors');
  const { db } = app.deps;
  const deps = () => ({
    db: app.deps.db,
    sessions: app.deps.sessions,
    publicUrl: app.deps.config.PUBLIC_URL,
  });

  route('GET /supervisors', supervisorsPolicy.list, (request) =>
    service.listSupervisors(db, request.auth, request.query),
  );
  route('POST /supervisors', supervisorsPolicy.write, (request) =>
    service.createSupervisor(deps(), request.auth, request.body),
  );
  route('GET /supervisors/:id', supervisorsPolicy.read, (request) =>
    service.getSupervisor(db, request.auth, request.params.id),
  );
  route('PUT /supervisors/:id', supervisorsPolicy.write, (request) =>
    service.updateSupervisor(deps(), request.auth, request.params.id, request.body),
  );
  route('DELETE /supervisors/:id', supervisorsPolicy.write, (request) =>
    service.deleteSupervisor(deps(), request.auth, request.params.id),
  );
  route('POST /supervisors/:id/invitation', supervisorsPolicy.write, (request) =>
    service.resendInvitation(deps(), request.auth, request.params.id, request.body.channel),
  );
}
