import { createHash } from 'node:crypto';
import type { Language, PersonKind } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicants, employees, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** The entity name of each kind in the audit log (as the kind's own module writes it). */
export const entityOf: Record<PersonKind, 'employee' | 'applicant' | 'supervisor'> = {
  employees: 'employee',
  applicants: 'applicant',
  supervisors: 'supervisor',
};

/** Who a request names, as far as this module needs to know before reading their file. */
export interface PersonHead {
  kind: PersonKind;
  id: string;
  firstName: string;
  lastName: string;
  language: Language;
  anonymizedAt: Date | null;
}

/**
 * The person of that kind, or 404: an employee is a user of role employee with an employees row, a
 * supervisor a user of role supervisor, an applicant an applicants row. `forUpdate` locks the row
 * until the transaction ends (an anonymisation's first step: two at once, the second waits and
 * then finds it done).
 */
export async function findPerson(
  db: Executor,
  kind: PersonKind,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PersonHead> {
  if (kind === 'applicants') {
    const query = db
      .select({
        id: applicants.id,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
        language: applicants.language,
        anonymizedAt: applicants.anonymizedAt,
      })
      .from(applicants)
      .where(eq(applicants.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    if (!row) throw notFound('Applicant');
    return { kind, ...row };
  }
  const role = kind === 'employees' ? 'employee' : 'supervisor';
  const columns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    language: users.language,
    anonymizedAt: users.anonymizedAt,
  };
  const query =
    kind === 'employees'
      ? db
          .select(columns)
          .from(users)
          .innerJoin(employees, eq(employees.userId, users.id))
          .where(and(eq(users.id, id), eq(users.role, role)))
      : db
          .select(columns)
          .from(users)
          .where(and(eq(users.id, id), eq(users.role, role)));
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  if (!row) throw notFound(kind === 'employees' ? 'Employee' : 'Supervisor');
  return { kind, ...row };
}

/**
 * The code that stands for an anonymised person: six hexadecimal digits of a hash of their id,
 * the same every time (two reports made before and after read "Personne 7F3A2C" alike), and
 * nothing of them can be read back from it.
 */
export function pseudonymCode(id: string): string {
  return createHash('sha256').update(`brigade-person:${id}`).digest('hex').slice(0, 6).toUpperCase();
}

/** The first and last names an anonymised person keeps: "Personne" and their code. */
export function pseudonymNames(id: string): { firstName: string; lastName: string } {
  return { firstName: 'Personne', lastName: pseudonymCode(id) };
}

export const pseudonymOf = (id: string) => {
  const names = pseudonymNames(id);
  return `${names.firstName} ${names.lastName}`;
};
