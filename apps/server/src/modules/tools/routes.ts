import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { toolsPolicy } from './policy.ts';
import { createTool, deleteTool, getTool, listToolOptions, listTools, updateTool } from './service.ts';

/** The tools API (master data, admins only). */
export default async function toolsRoutes(app: App) {
  const route = moduleRoutes(app, 'tools');
  const { db } = app.deps;

  route('GET /tools', toolsPolicy.read, (request) => listTools(db, request.auth, request.query));
  route('GET /tools/options', toolsPolicy.read, (request) => listToolOptions(db, request.auth));
  route('POST /tools', toolsPolicy.write, (request) => createTool(db, request.auth, request.body));
  route('GET /tools/:id', toolsPolicy.read, (request) => getTool(db, request.auth, request.params.id));
  route('PUT /tools/:id', toolsPolicy.write, (request) =>
    updateTool(db, request.auth, request.params.id, request.body),
  );
  route('DELETE /tools/:id', toolsPolicy.write, (request) => deleteTool(db, request.auth, request.params.id));
}
