import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accounts, type Role } from './accounts.ts';
import { startServer, testPassword } from './server.ts';
import { authStateFile, type ServerInfo, serverInfoFile } from './server-info.ts';

/**
 * Signs each demo role in once, through the API, and saves what the web app keeps of the session
 * (localStorage) as a Playwright storage state: tests open signed-in pages from it instead of going
 * through the login form each time (fixtures.ts, signIn).
 */
async function saveSignedInStates(baseURL: string): Promise<void> {
  for (const role of Object.keys(accounts) as Role[]) {
    const response = await fetch(`${baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: accounts[role].email, password: testPassword }),
    });
    if (!response.ok) throw new Error(`signing ${role} in for the tests: HTTP ${response.status}`);
    const session = (await response.json()) as { token: string; user: unknown };
    const file = authStateFile(role);
    mkdirSync(path.dirname(file), { recursive: true });
    const state = {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'brigade.token', value: session.token },
            { name: 'brigade.user', value: JSON.stringify(session.user) },
          ],
        },
      ],
    };
    writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
  }
}

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
  await saveSignedInStates(server.baseURL);
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_PASSWORD = testPassword;
  return server.stop;
}
