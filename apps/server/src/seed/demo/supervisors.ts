import type { Db } from '../../db/client.ts';

/** Demo supervisors. Idempotent: running it again adds nothing twice. */
export async function seedSupervisors(_db: Db): Promise<void> {}
