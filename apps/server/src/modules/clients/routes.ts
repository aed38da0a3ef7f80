import {
  clientDeleteOutcomeSchema,
  clientDetailSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientUpdateSchema,
  siteDetailSchema,
  siteInputSchema,
} from '@brigade/shared';
import { z } from 'zod';
import type { App } from '../../lib/app-types.ts';
import { errorResponses } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createSite } from '../sites/service.ts';
import { createClient, deleteClient, getClient, listClients, updateClient } from './service.ts';

const idParams = z.object({ id: z.uuid() });
const adminOnly = { access: { roles: ['admin'] as const } };

/** The clients API (master data): admins only. */
export default async function clientsRoutes(app: App) {
  const deps = () => ({ db: app.deps.db, sessions: app.deps.sessions });

  app.get(
    '/clients',
    {
      config: adminOnly,
      schema: {
        tags: ['clients'],
        summary: 'Clients, searched (accent-insensitive), filtered, sorted and paged',
        querystring: clientListQuerySchema,
        response: { 200: clientPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listClients(app.deps.db, requireAuth(request), request.query),
  );

  app.post(
    '/clients',
    {
      config: adminOnly,
      schema: {
        tags: ['clients'],
        summary: 'Create a client (409 NAME_NOT_UNIQUE when the name is taken)',
        body: clientInputSchema,
        response: { 201: clientDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createClient(app.deps.db, requireAuth(request), request.body)),
  );

  app.get(
    '/clients/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['clients'],
        summary: 'A client with its sites (derived status, supervisors) and supervisors',
        params: idParams,
        response: { 200: clientDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getClient(app.deps.db, requireAuth(request), request.params.id),
  );

  app.put(
    '/clients/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['clients'],
        summary: 'Replace a client (every field); active: false archives it with its supervisors',
        params: idParams,
        body: clientUpdateSchema,
        response: { 200: clientDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateClient(deps(), requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/clients/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['clients'],
        summary:
          'Delete a client nothing refers to; otherwise archive it (inactive) with its active supervisors',
        params: idParams,
        response: { 200: clientDeleteOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteClient(deps(), requireAuth(request), request.params.id),
  );

  app.post(
    '/clients/:id/sites',
    {
      config: adminOnly,
      schema: {
        tags: ['sites'],
        summary:
          "Create a job site of the client (one or more of the client's active supervisors); 409 CLIENT_ARCHIVED for an archived client",
        params: idParams,
        body: siteInputSchema,
        response: { 201: siteDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createSite(app.deps.db, requireAuth(request), request.params.id, request.body)),
  );
}
