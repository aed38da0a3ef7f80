import type { Me, User } from '@brigade/shared';
import { type UserRow, users } from '../../db/schema/index.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    language: row.language,
  };
}

export function toMe(row: UserRow, pendingPhone: string | null): Me {
  return { ...toUser(row), phone: row.phone, pendingPhone };
}

/** A person's name and how to reach them, as the lists and pages that show people select them. */
export const contactColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
};

/** Whom to call or text: a person's name and mobile, as orders, matching and the overview show workers. */
export const phoneContactColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
};
