import { notFound, refuseIfAnonymized } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { resendInvitation as sendAgain } from '../auth/index.ts';
import { supervisorsPolicy } from './policy.ts';
import { findSupervisor } from './read.ts';
import type { SupervisorDeps } from './write.ts';

/** Sends the invitation link again; answers the channel used (e-mail when SMS has no phone). */
export async function resendInvitation(
  deps: SupervisorDeps,
  actor: Actor,
  id: string,
  channel: 'email' | 'sms',
): Promise<{ channel: 'email' | 'sms' }> {
  authorize(actor, supervisorsPolicy.write);
  return deps.db.transaction(async (tx) => {
    const user = await findSupervisor(tx, id);
    if (!user) throw notFound('Supervisor');
    refuseIfAnonymized(user);
    const change = { actorId: actor.userId, entity: 'supervisor' as const, invitee: user };
    return { channel: await sendAgain(tx, deps.publicUrl, change, channel) };
  });
}
