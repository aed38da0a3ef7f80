import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUsersByPhone(db: Executor, phone: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.phone, phone));
}

/**
 * The accounts a sign-in by phone checks: active ones first, then the most recently changed, at
 * most `limit` (each is checked with a slow password hash).
 */
export async function findSignInCandidatesByPhone(
  db: Executor,
  phone: string,
  limit: number,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.phone, phone))
    .orderBy(desc(users.active), desc(users.updatedAt))
    .limit(limit);
}
