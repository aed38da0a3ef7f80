import {
  catalogIdParamsSchema,
  deleteOutcomeSchema,
  skillCreateSchema,
  skillDetailSchema,
  skillListQuerySchema,
  skillOptionsSchema,
  skillPageSchema,
  skillUpdateSchema,
} from '@brigade/shared';
import type { App } from '../../lib/app-types.ts';
import { errorResponses } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createSkill, deleteSkill, getSkill, listSkillOptions, listSkills, updateSkill } from './service.ts';

const admin = { access: { roles: ['admin'] as const } };
const tags = ['skills'];

/** The skills API (master data, admins only). */
export default async function skillsRoutes(app: App) {
  app.get(
    '/skills',
    {
      config: admin,
      schema: {
        tags,
        summary: 'List skills (search, filters, sort, pages)',
        querystring: skillListQuerySchema,
        response: { 200: skillPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSkills(app.deps.db, requireAuth(request), request.query),
  );

  app.get(
    '/skills/options',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every active skill, for pickers and filters (no counts, no pages)',
        response: { 200: skillOptionsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listSkillOptions(app.deps.db, requireAuth(request)),
  );

  app.post(
    '/skills',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a skill',
        body: skillCreateSchema,
        response: { 201: skillDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createSkill(app.deps.db, requireAuth(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/skills/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A skill with its holders and the certificates expiring soon',
        params: catalogIdParamsSchema,
        response: { 200: skillDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSkill(app.deps.db, requireAuth(request), request.params.id),
  );

  app.put(
    '/skills/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change a skill (any subset of its fields; active: true re-activates it)',
        params: catalogIdParamsSchema,
        body: skillUpdateSchema,
        response: { 200: skillDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSkill(app.deps.db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/skills/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a skill nobody holds; archive it otherwise',
        params: catalogIdParamsSchema,
        response: { 200: deleteOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteSkill(app.deps.db, requireAuth(request), request.params.id),
  );
}
