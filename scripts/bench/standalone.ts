import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminAuth } from './session.ts';

const root = path.resolve(import.meta.dirname, '../..');
const password = 'bench-password-1';

/**
 * Runs one bench on its own (`node scripts/bench/<name>.ts`) rather than in `npm run bench`: fills
 * a fresh embedded database with seed:large (without SMS) then 2,000 orders (fill-orders.ts),
 * starts a server on it and signs the demo admin in for `bench`; removes the database after.
 * `name` names the server and the database's folder.
 */
export async function benchOnFreshOrdersDatabase(
  name: string,
  bench: (api: string, auth: Record<string, string>) => Promise<void>,
) {
  const { startServer } = await import('../../e2e/server.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), `brigade-${name}-`));
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: password,
  };
  for (const script of ['scripts/seed-large.ts', 'scripts/bench/fill-orders.ts']) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [path.join(root, script)], { cwd: root, env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`);
    console.log(`${script}: ${run.stdout.trim()} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  const server = await startServer(name, { DEMO_PASSWORD: password, LOG_LEVEL: 'warn' }, { dataDir });
  try {
    const api = `${server.baseURL}/api`;
    await bench(api, await adminAuth(api, password));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
