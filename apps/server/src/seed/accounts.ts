import type { Language, Role } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../lib/crypto.ts';
import { revokeUserSessions } from '../modules/sessions/index.ts';
import { findUserByEmail } from '../modules/users/index.ts';

export interface AccountSpec {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  language: Language;
  phone?: string | null;
}

/**
 * Makes sure the account exists and is active. `password` (re)sets its password, which ends the
 * account's sessions when it changes (as any password change does); an account that has to be
 * created without one gets `passwordIfNew`.
 */
export async function ensureAccount(
  db: Db,
  spec: AccountSpec,
  { password, passwordIfNew }: { password?: string; passwordIfNew?: string },
): Promise<'created' | 'updated' | 'kept'> {
  let existing = await findUserByEmail(db, spec.email);
  if (!existing) {
    const initial = password ?? passwordIfNew;
    // Several processes may start at once: the one whose insert lands creates the account.
    const created = await db
      .insert(users)
      .values({
        ...spec,
        phone: spec.phone ?? null,
        passwordHash: initial ? await hashPassword(initial) : null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length > 0) return 'created';
    existing = await findUserByEmail(db, spec.email);
    if (!existing) throw new Error(`could not create or find ${spec.email}`);
  }
  const passwordChanges = password !== undefined && !(await verifyPassword(existing.passwordHash, password));
  if (!passwordChanges && existing.active && existing.role === spec.role) return 'kept';
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        role: spec.role,
        active: true,
        ...(passwordChanges ? { passwordHash: await hashPassword(password) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    if (passwordChanges) await revokeUserSessions(tx, existing.id);
  });
  return 'updated';
}
