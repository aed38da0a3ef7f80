import type { DeleteOutcome } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { deleteOrArchiveAudited } from '../audit/index.ts';
import { sitesPolicy } from './policy.ts';
import { siteAuditRecord } from './values.ts';

/** Deleted for good when nothing refers to the site (orders will), archived otherwise. */
export async function deleteSite(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, sitesPolicy.write);
  const { outcome } = await deleteOrArchiveAudited(db, {
    actorId: actor.userId,
    entity: 'site',
    id,
    async lock(tx) {
      const [existing] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
      if (!existing) throw notFound('Site');
      return siteAuditRecord(tx, existing);
    },
    remove: (tx) => tx.delete(sites).where(eq(sites.id, id)),
    async archive(tx, before) {
      const [row] = await tx
        .update(sites)
        .set({ archived: true, updatedAt: new Date() })
        .where(eq(sites.id, id))
        .returning();
      return { ...before, ...row };
    },
  });
  return { outcome };
}
