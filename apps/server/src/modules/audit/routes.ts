import { text } from '@brigade/shared';
import { z } from 'zod';
import type { App } from '../../lib/app-types.ts';
import { errorResponses } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { listAuditLog } from './service.ts';

const auditEntrySchema = z.object({
  id: z.number(),
  actorId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.date(),
});

export default async function auditRoutes(app: App) {
  app.get(
    '/audit-log',
    {
      config: { access: { roles: ['admin'] } },
      schema: {
        tags: ['audit'],
        summary: 'Changes, newest first, optionally for one record; `before=nextCursor` reads the next page',
        querystring: z.object({
          entity: text(50).optional(),
          entityId: text(100).optional(),
          before: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            items: z.array(auditEntrySchema),
            /** Pass it as `before` for the next page; null on the last page. */
            nextCursor: z.number().nullable(),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => listAuditLog(app.deps.db, requireAuth(request), request.query),
  );
}
