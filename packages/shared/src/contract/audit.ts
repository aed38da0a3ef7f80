import { auditLogPageSchema, auditLogQuerySchema } from '../audit.ts';
import { endpoint } from '../endpoint.ts';

/** The audit log: every change, who made it, before and after. */
export const auditEndpoints = {
  'GET /audit-log': endpoint({
    summary: 'Changes, newest first, optionally for one record; `before=nextCursor` reads the next page',
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
  }),
};
