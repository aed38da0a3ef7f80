import { writeFileSync } from 'node:fs';
import { startServer, testPassword } from './server.ts';
import { type ServerInfo, serverInfoFile } from './server-info.ts';

/** Starts one server for the whole run on a free port with a fresh DATA_DIR; returns its teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer('main', {
    // A second admin that only the language test uses, so its saved language cannot leak into the
    // other tests.
    ADMIN_EMAIL: 'langue@e2e.brigade.test',
    ADMIN_PASSWORD: testPassword,
  });
  const info: ServerInfo = {
    baseURL: server.baseURL,
    dataDir: server.dataDir,
    password: testPassword,
    pid: server.pid,
  };
  writeFileSync(serverInfoFile, `${JSON.stringify(info, null, 2)}\n`);
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_PASSWORD = testPassword;
  return server.stop;
}
