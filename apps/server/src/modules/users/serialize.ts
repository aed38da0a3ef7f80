import type { Me, User } from '@brigade/shared';
import type { UserRow } from '../../db/schema/index.ts';

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

export function toMe(row: UserRow): Me {
  return { ...toUser(row), phone: row.phone };
}
