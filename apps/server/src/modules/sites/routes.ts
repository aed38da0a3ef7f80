import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { deleteSite } from './delete.ts';
import { listSites } from './list.ts';
import { sitesPolicy } from './policy.ts';
import { getSite } from './read.ts';
import { updateSite } from './update.ts';

/** The sites API (master data). Admins see every site; a supervisor only the sites they supervise. */
export default async function sitesRoutes(app: App) {
  const route = moduleRoutes(app, 'sites');
  const { db } = app.deps;

  route('GET /sites', sitesPolicy.list, (request) => listSites(db, request.auth, request.query));
  route('GET /sites/:id', sitesPolicy.read, (request) => getSite(db, request.auth, request.params.id));
  route('PUT /sites/:id', sitesPolicy.write, (request) =>
    updateSite(db, request.auth, request.params.id, request.body),
  );
  route('DELETE /sites/:id', sitesPolicy.write, (request) => deleteSite(db, request.auth, request.params.id));
}
