import type { SiteDetail, SiteInputParsed } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSupervisors, sites } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { editAction, recordAudit } from '../audit/index.ts';
import { sitesPolicy } from './policy.ts';
import { getSite } from './read.ts';
import {
  checkSupervisors,
  lockActiveClient,
  siteAuditRecord,
  siteValues,
  translateUnique,
} from './values.ts';

/** PUT: the whole site (fields and supervisors) is replaced. */
export async function updateSite(
  db: Db,
  actor: Actor,
  id: string,
  input: SiteInputParsed,
): Promise<SiteDetail> {
  authorize(actor, sitesPolicy.write);
  await db
    .transaction(async (tx) => {
      const [existing] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
      if (!existing) throw notFound('Site');
      const client = await lockActiveClient(tx, existing.clientId);
      const supervisorIds = await checkSupervisors(tx, existing.clientId, input.supervisorIds);
      const before = await siteAuditRecord(tx, existing);
      const [row] = await tx
        .update(sites)
        .set({ ...siteValues(input, client.name), updatedAt: new Date() })
        .where(eq(sites.id, id))
        .returning();
      await tx.delete(siteSupervisors).where(eq(siteSupervisors.siteId, id));
      await tx
        .insert(siteSupervisors)
        .values(supervisorIds.map((supervisorId) => ({ siteId: id, supervisorId })));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: editAction('site', !existing.archived, !row!.archived),
        entity: 'site',
        entityId: id,
        before,
        after: await siteAuditRecord(tx, row!),
      });
    })
    .catch(translateUnique);
  return getSite(db, actor, id);
}
