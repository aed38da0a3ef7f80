import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicants, users } from '../../db/schema/index.ts';
import { AppError, isUniqueViolation, violatedConstraint } from '../../lib/errors.ts';

/**
 * A mobile belongs to one person: among the active ones (an employee, a supervisor or an admin
 * whose account is active, an applicant not hired), at most one has a given number. Archived
 * accounts keep theirs without blocking anyone; a hired applicant's number is their employee's.
 *
 * The database holds it for the accounts (`users_active_phone_key`); across accounts and
 * applicants, every write that gives someone a number asks `assertPhoneFree` in its transaction,
 * which first takes an advisory lock on the number so two writes of one number line up.
 */
const phoneLockNamespace = sql.raw('1200');

/** The index that keeps active accounts' mobiles apart. */
export const activePhoneIndex = 'users_active_phone_key';

export function phoneNotUnique(): AppError {
  return new AppError('PHONE_NOT_UNIQUE', 'This mobile is already someone else’s', { field: 'phone' });
}

/** A unique violation of the active accounts' mobiles → 409 PHONE_NOT_UNIQUE, else null. */
export function phoneUniqueError(error: unknown): AppError | null {
  return isUniqueViolation(error) && violatedConstraint(error) === activePhoneIndex ? phoneNotUnique() : null;
}

/**
 * Refuses (409 PHONE_NOT_UNIQUE, `details.field: 'phone'`) a number an active person other than
 * `except` already has. Holds the number's lock until the transaction ends.
 */
export async function assertPhoneFree(
  tx: Executor,
  phone: string,
  except: { userId?: string; applicantId?: string } = {},
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${phoneLockNamespace}, hashtext(${phone}))`);
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phone, phone),
        eq(users.active, true),
        except.userId ? ne(users.id, except.userId) : undefined,
      ),
    )
    .limit(1);
  if (user) throw phoneNotUnique();
  const [applicant] = await tx
    .select({ id: applicants.id })
    .from(applicants)
    .where(
      and(
        eq(applicants.phone, phone),
        isNull(applicants.employeeId),
        except.applicantId ? ne(applicants.id, except.applicantId) : undefined,
      ),
    )
    .limit(1);
  if (applicant) throw phoneNotUnique();
}
