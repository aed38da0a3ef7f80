import type { Language } from '@brigade/shared';
import type { Executor } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueMessage, invitationMessage } from '../outbox/index.ts';
import { issueToken } from '../sessions/index.ts';

export interface Invitee {
  id: string;
  firstName: string;
  language: Language;
  email: string | null;
  phone: string | null;
}

/**
 * Invites a new supervisor or employee to choose a password: a 7-day link to
 * `PUBLIC_URL/change-password/{token}`, by e-mail when they have one, else by SMS. Call it inside
 * the transaction that creates the account. Returns the channel used, or null when the person has
 * neither an e-mail nor a mobile phone.
 */
export async function sendInvitation(
  tx: Executor,
  publicUrl: string,
  invitee: Invitee,
  preferred: 'email' | 'sms' = 'email',
): Promise<'email' | 'sms' | null> {
  const channel =
    preferred === 'sms' && invitee.phone ? 'sms' : invitee.email ? 'email' : invitee.phone ? 'sms' : null;
  if (!channel) return null;
  const token = await issueToken(tx, { userId: invitee.id, purpose: 'invitation' });
  const link = `${publicUrl.replace(/\/$/, '')}/change-password/${token}`;
  const text = invitationMessage(invitee.language, { firstName: invitee.firstName, link });
  await enqueueMessage(tx, {
    channel,
    recipient: channel === 'email' ? invitee.email! : invitee.phone!,
    subject: channel === 'email' ? text.subject : undefined,
    body: channel === 'email' ? text.email : text.sms,
    language: invitee.language,
    idempotencyKey: `invitation:${sha256(token)}`,
    meta: { userId: invitee.id, kind: 'invitation' },
  });
  return channel;
}

/**
 * Sends a person's invitation again (a new link, the old one still valid until it expires), as an
 * admin asks from their page: refused for an archived account (409) or one with neither an e-mail
 * nor a phone (400). The audit records it as `<entity>.invite` with the channel used.
 */
export async function resendInvitation(
  tx: Executor,
  publicUrl: string,
  change: { actorId: string; entity: 'employee' | 'supervisor'; invitee: Invitee & { active: boolean } },
  preferred: 'email' | 'sms',
): Promise<'email' | 'sms'> {
  const { actorId, entity, invitee } = change;
  if (!invitee.active) throw new AppError('CONFLICT', `The ${entity} is archived`, { reason: 'inactive' });
  const channel = await sendInvitation(tx, publicUrl, invitee, preferred);
  if (!channel) {
    throw new AppError('BAD_REQUEST', `The ${entity} has neither an e-mail nor a mobile phone`, {
      reason: 'no_contact',
    });
  }
  await recordAudit(tx, {
    actorId,
    action: `${entity}.invite`,
    entity,
    entityId: invitee.id,
    after: { channel },
  });
  return channel;
}
