import type { ClientDetail, ClientInputParsed } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { clientsPolicy } from './policy.ts';
import { getClient } from './read.ts';
import { clientValues, translateUnique } from './values.ts';

/** A new client and its audit row, in one transaction. */
export async function createClient(db: Db, actor: Actor, input: ClientInputParsed): Promise<ClientDetail> {
  authorize(actor, clientsPolicy.write);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(clients).values(clientValues(input)).returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'client.create',
        entity: 'client',
        entityId: row!.id,
        after: row,
      });
      return row!.id;
    })
    .catch(translateUnique);
  return getClient(db, actor, id);
}
