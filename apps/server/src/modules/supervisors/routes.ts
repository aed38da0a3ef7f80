import {
  deleteOutcomeSchema,
  supervisorCreateSchema,
  supervisorDetailSchema,
  supervisorInvitationRequestSchema,
  supervisorInvitationResponseSchema,
  supervisorListQuerySchema,
  supervisorPageSchema,
  supervisorUpdateSchema,
} from '@brigade/shared';
import { z } from 'zod';
import type { App } from '../../lib/app-types.ts';
import { errorResponses } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

const idParams = z.object({ id: z.uuid() });
const admin = { access: { roles: ['admin'] as const } };

/** The supervisors API (master data): the client's site foremen, who approve hours. */
export default async function supervisorsRoutes(app: App) {
  const deps = () => ({
    db: app.deps.db,
    sessions: app.deps.sessions,
    publicUrl: app.deps.config.PUBLIC_URL,
  });

  app.get(
    '/supervisors',
    {
      config: admin,
      schema: {
        tags: ['supervisors'],
        summary: 'List supervisors (search, sort, filter by client and status, pages)',
        querystring: supervisorListQuerySchema,
        response: { 200: supervisorPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listSupervisors(app.deps.db, requireAuth(request), request.query),
  );

  app.post(
    '/supervisors',
    {
      config: admin,
      schema: {
        tags: ['supervisors'],
        summary: 'Create a supervisor and send the invitation (e-mail or SMS) to choose a password',
        body: supervisorCreateSchema,
        response: { 201: supervisorDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await service.createSupervisor(deps(), requireAuth(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/supervisors/:id',
    {
      // Admins, or the supervisor themself (checked by the policy).
      config: { access: {} },
      schema: {
        tags: ['supervisors'],
        summary: 'A supervisor with their client, sites and last invitation',
        params: idParams,
        response: { 200: supervisorDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getSupervisor(app.deps.db, requireAuth(request), request.params.id),
  );

  app.put(
    '/supervisors/:id',
    {
      config: admin,
      schema: {
        tags: ['supervisors'],
        summary:
          'Edit a supervisor (409 CONFLICT with details.sites when they are the only one of active sites)',
        params: idParams,
        body: supervisorUpdateSchema,
        response: { 200: supervisorDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateSupervisor(deps(), requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/supervisors/:id',
    {
      config: admin,
      schema: {
        tags: ['supervisors'],
        summary: 'Delete a supervisor who is on no site; archive them otherwise',
        params: idParams,
        response: { 200: deleteOutcomeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.deleteSupervisor(deps(), requireAuth(request), request.params.id),
  );

  app.post(
    '/supervisors/:id/invitation',
    {
      config: admin,
      schema: {
        tags: ['supervisors'],
        summary: 'Send the invitation again; answers the channel used',
        params: idParams,
        body: supervisorInvitationRequestSchema,
        response: { 200: supervisorInvitationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.resendInvitation(deps(), requireAuth(request), request.params.id, request.body.channel),
  );
}
