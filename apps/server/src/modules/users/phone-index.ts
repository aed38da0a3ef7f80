import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activePhoneIndex } from './phone-owner.ts';

/**
 * The unique index on active accounts' mobiles, made at the server's start when migration 0018 could
 * not (two active accounts shared a number then, and nothing was cleared): once every number is one
 * person's it is created; until then a warning says how many are still shared. Answers what it did.
 */
export async function ensureActivePhoneIndex(
  db: Executor,
): Promise<{ status: 'present' | 'created' } | { status: 'shared'; numbers: number }> {
  const [exists] = rowsOf<{ found: boolean }>(
    await db.execute(sql`select to_regclass(${activePhoneIndex}) is not null as found`),
  );
  if (exists?.found) return { status: 'present' };
  const [shared] = rowsOf<{ numbers: number }>(
    await db.execute(
      sql`select count(*)::int as numbers from (select phone from users where active and phone is not null
        group by phone having count(*) > 1) as shared`,
    ),
  );
  const numbers = shared?.numbers ?? 0;
  if (numbers > 0) return { status: 'shared', numbers };
  await db.execute(
    sql.raw(
      `create unique index if not exists "${activePhoneIndex}" on "users" using btree ("phone") where "users"."active" and "users"."phone" is not null`,
    ),
  );
  return { status: 'created' };
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
