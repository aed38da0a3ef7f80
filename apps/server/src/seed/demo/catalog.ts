import type { Db } from '../../db/client.ts';

/** Demo catalog. Idempotent: running it again adds nothing twice. */
export async function seedCatalog(_db: Db): Promise<void> {}
