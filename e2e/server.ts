import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifactsDir } from './server-info.ts';

const root = path.resolve(import.meta.dirname, '..');
// The first start loads the demo company (a few weeks of hours): well under a minute on a quiet
// machine, several on a loaded one. The limit only tells a hung start from a slow one.
const startTimeoutMs = Number(process.env.SERVER_START_TIMEOUT_MS ?? 180_000);

/** The password every demo account gets on a test server. */
export const testPassword = 'Demo-e2e-2024!';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  pid: number;
  stop: () => Promise<void>;
}

/** The built web app the server serves; WEB_DIST may point at another build. */
export function webDist(): string {
  return process.env.WEB_DIST || path.join(root, 'apps', 'web', 'dist');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once GET /api/ready answers 200 (the server listens and its database answers); rejects
 * if the server exits first or takes too long.
 */
function waitUntilReady(child: ChildProcess, baseURL: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => {
      settle(new Error(`The server was not ready within ${startTimeoutMs / 1000}s (log: ${logFile})`));
    }, startTimeoutMs);
    const onExit = (code: number | null, signal: string | null) => {
      settle(
        new Error(`The server exited before it was ready (code ${code}, signal ${signal}); log: ${logFile}`),
      );
    };
    child.once('exit', onExit);
    const poll = async () => {
      if (settled) return;
      try {
        if ((await fetch(`${baseURL}/api/ready`)).ok) return settle();
      } catch {
        // Not listening yet.
      }
      setTimeout(poll, 20);
    };
    void poll();
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the real server (apps/server/src/main.ts) on a free port with the demo company, and
 * resolves once GET /api/ready answers; `env` overrides the test defaults. DATA_DIR is a fresh
 * folder, removed by `stop()` (which ends the server with SIGTERM), unless `options.dataDir` names
 * one: that one is kept, so that the next start finds its database.
 */
export async function startServer(
  name: string,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  const indexHtml = path.join(webDist(), 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(
      `The web app is not built (${indexHtml} is missing). Run \`npm run build -w @brigade/web\` first.`,
    );
  }
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `brigade-e2e-${name}-`));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(artifactsDir, `server-${name}.log`);
  // The server writes its log file itself (no relay through this process, which would compete
  // with it for the CPU in load tests).
  const logFd = openSync(logFile, 'w');

  const nodeBinary = path.join(root, 'node_modules', '.bin', 'node');
  const child = spawn(existsSync(nodeBinary) ? nodeBinary : process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST: webDist(),
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: '',
      SEED: 'demo',
      DEMO_PASSWORD: testPassword,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      OUTBOX_POLL_MS: '200',
      LOGIN_RATE_LIMIT: '1000',
      FORGOT_PASSWORD_RATE_LIMIT: '1000',
      FORGOT_PASSWORD_ACCOUNT_RATE_LIMIT: '1000',
      UPLOAD_RATE_LIMIT: '1000',
      SMS_DRIVER: 'outbox',
      // Tests send a few SMS at once and wait for them: no provider's rate to keep to here.
      SMS_RATE_PER_SECOND: '100',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);

  const stop = async () => {
    await stopProcess(child);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(child, baseURL, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, pid: child.pid ?? 0, stop };
}
