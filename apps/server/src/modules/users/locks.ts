import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Locks supervisors' rows (SELECT … FOR UPDATE) until the transaction ends, and reads them as they
 * are now. Every write that depends on a supervisor being active takes this lock first — editing a
 * site's supervisors, archiving a supervisor, archiving a client — so that two of them cannot both
 * pass their checks and leave a site with only archived supervisors. Always in id order, so two
 * transactions never wait on each other in a circle.
 */
export async function lockSupervisors(tx: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, role: users.role, clientId: users.clientId, active: users.active })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
    .orderBy(asc(users.id))
    .for('update');
}
