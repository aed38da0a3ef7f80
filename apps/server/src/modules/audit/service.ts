import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Secrets never reach the audit log, even hashed. */
const hiddenFields = new Set(['passwordHash', 'password', 'tokenHash']);
function withoutSecrets(record: unknown): unknown {
  if (!record || typeof record !== 'object') return record ?? null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !hiddenFields.has(key)));
}

/** Call inside the transaction that makes the change, so the change and its trace land together. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  });
}
