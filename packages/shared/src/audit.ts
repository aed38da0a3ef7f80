import { z } from 'zod';
import { text } from './text.ts';

/** One change in the audit log: who did what to which record, with the record before and after. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actorId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** ISO 8601 instant. */
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  entity: text(50).optional(),
  entityId: text(100).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditLogPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Pass it as `before` for the next page; null on the last page. */
  nextCursor: z.number().nullable(),
});
