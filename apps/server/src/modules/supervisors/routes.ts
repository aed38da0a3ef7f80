import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { resendInvitation } from './invite.ts';
import { listSupervisors } from './list.ts';
import { supervisorsPolicy } from './policy.ts';
import { openSupervisor } from './read.ts';
import { createSupervisor, deleteSupervisor, updateSupervisor } from './write.ts';

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
    listSupervisors(db, request.auth, request.query),
  );
  route('POST /supervisors', supervisorsPolicy.write, (request) =>
    createSupervisor(deps(), request.auth, request.body),
  );
  route('GET /supervisors/:id', supervisorsPolicy.read, (request) =>
    openSupervisor(db, request.auth, request.params.id),
  );
  route('PUT /supervisors/:id', supervisorsPolicy.write, (request) =>
    updateSupervisor(deps(), request.auth, request.params.id, request.body),
  );
  route('DELETE /supervisors/:id', supervisorsPolicy.write, (request) =>
    deleteSupervisor(deps(), request.auth, request.params.id),
  );
  route('POST /supervisors/:id/invitation', supervisorsPolicy.write, (request) =>
    resendInvitation(deps(), request.auth, request.params.id, request.body.channel),
  );
}
