import { and, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { auditLog } from '../../db/schema/index.ts';
import type { App } from '../../lib/app-types.ts';

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
        summary: 'Recent changes, newest first, optionally for one record',
        querystring: z.object({
          entity: z.string().max(50).optional(),
          entityId: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ items: z.array(auditEntrySchema) }) },
      },
    },
    async (request) => {
      const { entity, entityId, limit } = request.query;
      const conditions: SQL[] = [];
      if (entity) conditions.push(eq(auditLog.entity, entity));
      if (entityId) conditions.push(eq(auditLog.entityId, entityId));
      const items = await app.deps.db
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(limit);
      return { items };
    },
  );
}
