import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What global-setup.ts tells the tests about the server it started. */
export interface ServerInfo {
  baseURL: string;
  dataDir: string;
  password: string;
  pid: number;
}

/** Where a run keeps its server's details, signed-in states and results; E2E_ARTIFACTS lets two runs side by side keep theirs apart. */
export const artifactsDir = process.env.E2E_ARTIFACTS || path.join(import.meta.dirname, '.artifacts');
export const serverInfoFile = path.join(artifactsDir, 'server.json');

/** The saved signed-in state of a demo role (global-setup.ts). */
export const authStateFile = (role: string) => path.join(artifactsDir, 'auth', `${role}.json`);

let cached: ServerInfo | undefined;

export function serverInfo(): ServerInfo {
  cached ??= JSON.parse(readFileSync(serverInfoFile, 'utf8')) as ServerInfo;
  return cached;
}
