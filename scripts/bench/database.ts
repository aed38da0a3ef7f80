import path from 'node:path';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';

/**
 * For the scripts that fill a database (seed:large, the bench fixtures): opens the one the server
 * would (DATABASE_URL, or the embedded one under DATA_DIR), migrates it, hands it to `work` with
 * the configuration, and closes it after.
 */
export async function withConfiguredDatabase<T>(
  work: (database: Database, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
  });
  try {
    await database.migrate();
    return await work(database, config);
  } finally {
    await database.close();
  }
}
