import type { Db } from '../../db/client.ts';

/** Demo employees. Idempotent: running it again adds nothing twice. */
export async function seedEmployees(_db: Db): Promise<void> {}
