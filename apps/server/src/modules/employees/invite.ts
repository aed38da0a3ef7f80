import { notFound, refuseIfAnonymized } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { resendInvitation as sendAgain } from '../auth/index.ts';
import { employeesPolicy } from './policy.ts';
import { findEmployeeRow } from './read.ts';
import type { EmployeeDeps } from './write.ts';

/** Sends the invitation link again (a new token), by SMS or e-mail, falling back to what the employee has. */
export async function resendInvitation(
  deps: EmployeeDeps,
  actor: Actor,
  id: string,
  channel: 'sms' | 'email',
): Promise<{ channel: 'sms' | 'email' | null }> {
  authorize(actor, employeesPolicy.write);
  return deps.db.transaction(async (tx) => {
    const row = await findEmployeeRow(tx, id);
    if (!row) throw notFound('Employee');
    refuseIfAnonymized(row.user);
    const change = { actorId: actor.userId, entity: 'employee' as const, invitee: row.user };
    return { channel: await sendAgain(tx, deps.publicUrl, change, channel) };
  });
}
