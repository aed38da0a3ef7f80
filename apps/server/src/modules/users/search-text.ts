import { searchable } from '@brigade/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients, employees, users } from '../../db/schema/index.ts';

/**
 * users.search_text: the lower-case, accent-free words a person is found by in the lists. What goes
 * in depends on the role, and it is recomputed whenever one of those words changes, whoever changes
 * it (the office, the person on their profile, a client renamed).
 */

/**
 * The digits of a phone, and its national number too, so "514555" finds "+15145551234". Digits are
 * enough: searchTerms (@brigade/shared) turns a phone typed with spaces, dashes or brackets into digits.
 */
export function phoneWords(phone: string | null | undefined): string[] {
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (!digits) return [];
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : '';
  return national ? [digits, national] : [digits];
}

/**
 * An employee: last name first, because the employees list sorts by this text (an accent-free
 * "last name, first name" order served by an index), then number, e-mail, phone, city.
 */
export function employeeSearchText(input: {
  firstName: string;
  lastName: string;
  employeeNumber: string;
  email: string | null;
  phone: string | null;
  city: string | null;
}): string {
  return searchable(
    input.lastName,
    input.firstName,
    input.employeeNumber,
    input.email,
    ...phoneWords(input.phone),
    input.city,
  );
}

/** A supervisor: names, e-mail, phone and their client's name. */
export function supervisorSearchText(
  user: { firstName: string; lastName: string; email: string | null; phone: string | null },
  clientName: string | null,
): string {
  return searchable(user.firstName, user.lastName, user.email, ...phoneWords(user.phone), clientName);
}

/** Anyone else (admins): names, e-mail and phone. */
function otherSearchText(user: {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}): string {
  return searchable(user.lastName, user.firstName, user.email, ...phoneWords(user.phone));
}

/** Recomputes search_text of the users `where` selects, from what the database holds now. */
export async function refreshSearchText(tx: Executor, where: SQL | undefined): Promise<void> {
  const rows = await tx
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      searchText: users.searchText,
      employeeNumber: employees.employeeNumber,
      city: employees.city,
      clientName: clients.name,
    })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(where);
  for (const row of rows) {
    const searchText =
      row.role === 'employee' && row.employeeNumber !== null
        ? employeeSearchText({ ...row, employeeNumber: row.employeeNumber })
        : row.role === 'supervisor'
          ? supervisorSearchText(row, row.clientName)
          : otherSearchText(row);
    if (searchText !== row.searchText) await tx.update(users).set({ searchText }).where(eq(users.id, row.id));
  }
}
