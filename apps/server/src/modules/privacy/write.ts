import type { PrivacyIncident, PrivacyIncidentInputParsed } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privacyIncidents } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit, updateAudited } from '../audit/index.ts';
import { incidentValues, loadIncident } from './incident-values.ts';
import { privacyPolicy } from './policy.ts';

/** Records a confidentiality incident and its audit row, in one transaction. */
export async function createPrivacyIncident(
  db: Db,
  actor: Actor,
  input: PrivacyIncidentInputParsed,
): Promise<PrivacyIncident> {
  authorize(actor, privacyPolicy.incidents);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyIncidents)
      .values({ ...incidentValues(input), recordedById: actor.userId })
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'privacy_incident.create',
      entity: 'privacy_incident',
      entityId: row!.id,
      after: row,
    });
    return loadIncident(tx, row!.id);
  });
}

/** Replaces an incident's record (every field) with its audit row (before and after). Never deleted. */
export async function updatePrivacyIncident(
  db: Db,
  actor: Actor,
  id: string,
  input: PrivacyIncidentInputParsed,
): Promise<PrivacyIncident> {
  authorize(actor, privacyPolicy.incidents);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(privacyIncidents)
      .where(eq(privacyIncidents.id, id))
      .for('update');
    if (!before) throw notFound('Incident');
    await updateAudited(
      tx,
      privacyIncidents,
      { actorId: actor.userId, entity: 'privacy_incident', before },
      { ...incidentValues(input), updatedAt: new Date() },
    );
    return loadIncident(tx, id);
  });
}
