import type { Db } from '../../db/client.ts';

/** Demo clients. Idempotent: running it again adds nothing twice. */
export async function seedClients(_db: Db): Promise<void> {}
