import type { Db } from '../../db/client.ts';

/** Demo sites. Idempotent: running it again adds nothing twice. */
export async function seedSites(_db: Db): Promise<void> {}
