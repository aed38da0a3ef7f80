import {
  deleteOutcomeSchema,
  siteDetailSchema,
  siteListQuerySchema,
  sitePageSchema,
  siteUpdateSchema,
} from '@brigade/shared';
import { z } from 'zod';
import type { App } from '../../lib/app-types.ts';
import { errorResponses } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { deleteSite, getSite, listSites, updateSite } from './service.ts';

const idParams = z.object({ id: z.uuid() });
const adminOnly = { access: { roles: ['admin'] as const } };
const adminOrSupervisor = { access: { roles: ['admin', 'supervisor'] as const } };

/** The sites API (master data). Admins see every site; a supervisor only the sites they supervise. */
export default async function sitesRoutes(app: App) {
  app.get(
    '/sites',
    {
      config: adminOrSupervisor,
      schema: {
        tags: ['sites'],
        summary: 'Job sites with their client, derived status and supervisors (a supervisor sees their own)',
        querystring: siteListQuerySchema,
        response: { 200: sitePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSites(app.deps.db, requireAuth(request), request.query),
  );

  app.get(
    '/sites/:id',
    {
      config: adminOrSupervisor,
      schema: {
        tags: ['sites'],
        summary: 'A job site (admins, and the supervisors of the site)',
        params: idParams,
        response: { 200: siteDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSite(app.deps.db, requireAuth(request), request.params.id),
  );

  app.put(
    '/sites/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['sites'],
        summary:
          'Replace a job site (every field, its supervisors); 409 CLIENT_ARCHIVED for an archived client',
        params: idParams,
        body: siteUpdateSchema,
        response: { 200: siteDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSite(app.deps.db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/sites/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['sites'],
        summary: 'Delete a job site nothing refers to; otherwise archive it',
        params: idParams,
        response: { 200: deleteOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteSite(app.deps.db, requireAuth(request), request.params.id),
  );
}
