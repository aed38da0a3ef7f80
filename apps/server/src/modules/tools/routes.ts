import {
  catalogIdParamsSchema,
  deleteOutcomeSchema,
  toolCreateSchema,
  toolDetailSchema,
  toolListQuerySchema,
  toolOptionsSchema,
  toolPageSchema,
  toolUpdateSchema,
} from '@brigade/shared';
import type { App } from '../../lib/app-types.ts';
import { errorResponses } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createTool, deleteTool, getTool, listToolOptions, listTools, updateTool } from './service.ts';

const admin = { access: { roles: ['admin'] as const } };
const tags = ['tools'];

/** The tools API (master data, admins only). */
export default async function toolsRoutes(app: App) {
  app.get(
    '/tools',
    {
      config: admin,
      schema: {
        tags,
        summary: 'List tools (search, filters, sort, pages)',
        querystring: toolListQuerySchema,
        response: { 200: toolPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listTools(app.deps.db, requireAuth(request), request.query),
  );

  app.get(
    '/tools/options',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every active tool, for pickers and filters (no counts, no pages)',
        response: { 200: toolOptionsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listToolOptions(app.deps.db, requireAuth(request)),
  );

  app.post(
    '/tools',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a tool',
        body: toolCreateSchema,
        response: { 201: toolDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createTool(app.deps.db, requireAuth(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/tools/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A tool with the employees who own it',
        params: catalogIdParamsSchema,
        response: { 200: toolDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getTool(app.deps.db, requireAuth(request), request.params.id),
  );

  app.put(
    '/tools/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change a tool (any subset of its fields; active: true re-activates it)',
        params: catalogIdParamsSchema,
        body: toolUpdateSchema,
        response: { 200: toolDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateTool(app.deps.db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/tools/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a tool nobody owns; archive it otherwise',
        params: catalogIdParamsSchema,
        response: { 200: deleteOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteTool(app.deps.db, requireAuth(request), request.params.id),
  );
}
