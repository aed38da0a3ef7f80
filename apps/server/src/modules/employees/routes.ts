import {
  createEmployeeSchema,
  deleteOutcomeSchema,
  employeeCreatedSchema,
  employeeDetailSchema,
  employeeInvitationResultSchema,
  employeeInvitationSchema,
  employeeListQuerySchema,
  employeeNextNumberSchema,
  employeePageSchema,
  updateEmployeeSchema,
} from '@brigade/shared';
import { z } from 'zod';
import type { App } from '../../lib/app-types.ts';
import { errorResponses } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

const idParams = z.object({ id: z.uuid() });
const admin = { access: { roles: ['admin'] as const } };

/** The employees API (master data): the agency's construction workers. */
export default async function employeesRoutes(app: App) {
  const deps = () => ({
    db: app.deps.db,
    sessions: app.deps.sessions,
    publicUrl: app.deps.config.PUBLIC_URL,
  });

  app.get(
    '/employees',
    {
      config: admin,
      schema: {
        tags: ['employees'],
        summary: 'List employees (search, filters, sort, pages)',
        description:
          '`q` matches names, employee number, e-mail, phone (typed any usual way) and city, accent- and case-insensitively. With `skillId`, each item carries `skillExpiresOn`; `skillValid=true` keeps only unexpired certificates.',
        querystring: employeeListQuerySchema,
        response: { 200: employeePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listEmployees(app.deps.db, requireAuth(request), request.query),
  );

  app.get(
    '/employees/next-number',
    {
      config: admin,
      schema: {
        tags: ['employees'],
        summary: 'The next free employee number (E-10001, E-10002…), to suggest in the creation form',
        response: { 200: employeeNextNumberSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.nextEmployeeNumber(app.deps.db, requireAuth(request)),
  );

  app.post(
    '/employees',
    {
      config: admin,
      schema: {
        tags: ['employees'],
        summary:
          'Create an employee and invite them (SMS by default); an expiry date on a skill that does not expire is refused',
        body: createEmployeeSchema,
        response: { 201: employeeCreatedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      const { id, invitation } = await service.createEmployee(deps(), actor, request.body);
      return reply.status(201).send({ ...(await service.getEmployee(app.deps.db, actor, id)), invitation });
    },
  );

  app.get(
    '/employees/:id',
    {
      // Admins, or the employee reading their own profile (checked by the policy).
      config: { access: {} },
      schema: {
        tags: ['employees'],
        summary: 'One employee with skills and tools',
        params: idParams,
        response: { 200: employeeDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getEmployee(app.deps.db, requireAuth(request), request.params.id),
  );

  app.put(
    '/employees/:id',
    {
      config: admin,
      schema: {
        tags: ['employees'],
        summary:
          'Update an employee (skills and tools are replaced); an expiry date on a skill that does not expire is refused',
        body: updateEmployeeSchema,
        params: idParams,
        response: { 200: employeeDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      await service.updateEmployee(deps(), actor, request.params.id, request.body);
      return service.getEmployee(app.deps.db, actor, request.params.id);
    },
  );

  app.delete(
    '/employees/:id',
    {
      config: admin,
      schema: {
        tags: ['employees'],
        summary: 'Delete an employee, or archive them when something refers to them',
        params: idParams,
        response: { 200: deleteOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.deleteEmployee(deps(), requireAuth(request), request.params.id),
  );

  app.post(
    '/employees/:id/invitation',
    {
      config: admin,
      schema: {
        tags: ['employees'],
        summary: 'Send the invitation link again',
        params: idParams,
        body: employeeInvitationSchema,
        response: { 200: employeeInvitationResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.resendInvitation(deps(), requireAuth(request), request.params.id, request.body.channel),
  );
}
