import type { SiteDetail, SiteInputParsed } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import { siteSupervisors, sites } from '../../db/schema/index.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { sitesPolicy } from './policy.ts';
import { getSite } from './read.ts';
import {
  checkSupervisors,
  lockActiveClient,
  siteAuditRecord,
  siteValues,
  translateUnique,
} from './values.ts';

export async function createSite(
  db: Db,
  actor: Actor,
  clientId: string,
  input: SiteInputParsed,
): Promise<SiteDetail> {
  authorize(actor, sitesPolicy.write);
  const id = await db
    .transaction(async (tx) => {
      const client = await lockActiveClient(tx, clientId);
      const supervisorIds = await checkSupervisors(tx, clientId, input.supervisorIds);
      const [row] = await tx
        .insert(sites)
        .values({ ...siteValues(input, client.name), clientId })
        .returning();
      await tx
        .insert(siteSupervisors)
        .values(supervisorIds.map((supervisorId) => ({ siteId: row!.id, supervisorId })));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'site.create',
        entity: 'site',
        entityId: row!.id,
        after: await siteAuditRecord(tx, row!),
      });
      return row!.id;
    })
    .catch(translateUnique);
  return getSite(db, actor, id);
}
