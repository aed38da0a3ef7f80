import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { createSite, sitesPolicy } from '../sites/index.ts';
import { createClient } from './create.ts';
import { deleteClient } from './delete.ts';
import { listClients } from './list.ts';
import { clientsPolicy } from './policy.ts';
import { getClient } from './read.ts';
import { updateClient } from './update.ts';

/** The clients API (master data): admins only. */
export default async function clientsRoutes(app: App) {
  const route = moduleRoutes(app, 'clients');
  const { db } = app.deps;
  const deps = () => ({ db: app.deps.db, sessions: app.deps.sessions });

  route('GET /clients', clientsPolicy.read, (request) => listClients(db, request.auth, request.query));
  route('POST /clients', clientsPolicy.write, (request) => createClient(db, request.auth, request.body));
  route('GET /clients/:id', clientsPolicy.read, (request) => getClient(db, request.auth, request.params.id));
  route('PUT /clients/:id', clientsPolicy.write, (request) =>
    updateClient(deps(), request.auth, request.params.id, request.body),
  );
  route('DELETE /clients/:id', clientsPolicy.write, (request) =>
    deleteClient(deps(), request.auth, request.params.id),
  );
  route('POST /clients/:id/sites', sitesPolicy.write, (request) =>
    createSite(db, request.auth, request.params.id, request.body),
  );
}
