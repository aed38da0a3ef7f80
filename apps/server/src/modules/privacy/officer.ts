import type { PrivacyOfficer, PrivacyOfficerInputParsed } from '@brigade/shared';
import type { Db, Executor } from '../../db/client.ts';
import { privacyOfficer } from '../../db/schema/index.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { privacyPolicy } from './policy.ts';

type OfficerRow = typeof privacyOfficer.$inferSelect;

function officerOf(row: OfficerRow | undefined): PrivacyOfficer {
  if (!row) return null;
  return {
    name: row.name,
    title: row.title,
    email: row.email,
    phone: row.phone,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The person in charge of the protection of personal information; null until named. Public. */
export async function readPrivacyOfficer(db: Executor): Promise<PrivacyOfficer> {
  const [row] = await db.select().from(privacyOfficer).limit(1);
  return officerOf(row);
}

/** Names (or renames) the person in charge, with its audit row, in one transaction. */
export async function updatePrivacyOfficer(
  db: Db,
  actor: Actor,
  input: PrivacyOfficerInputParsed,
): Promise<PrivacyOfficer> {
  authorize(actor, privacyPolicy.officerWrite);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(privacyOfficer).for('update');
    const values = {
      name: input.name,
      title: input.title,
      email: input.email as string,
      phone: input.phone as string,
      updatedAt: new Date(),
    };
    const [after] = await tx
      .insert(privacyOfficer)
      .values({ singleton: true, ...values })
      .onConflictDoUpdate({ target: privacyOfficer.singleton, set: values })
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: before ? 'privacy_officer.update' : 'privacy_officer.create',
      entity: 'privacy_officer',
      entityId: null,
      before: before ?? null,
      after,
    });
    return officerOf(after);
  });
}
