import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifactsDir } from './server-info.ts';

const root = path.resolve(import.meta.dirname, '..');
const startTimeoutMs = 60_000;

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

/** Resolves once the server prints its "ready on" line; rejects if it exits or takes too long. */
function waitUntilReady(child: ChildProcess, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(
        new Error(`The server did not print "ready on" within ${startTimeoutMs / 1000}s (log: ${logFile})`),
      );
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready on http://')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(
        new Error(`The server exited before it was ready (code ${code}, signal ${signal}); log: ${logFile}`),
      );
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
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
 * Starts the real server (apps/server/src/main.ts) on a free port with a fresh DATA_DIR and the demo
 * company; `env` overrides the test defaults. `stop()` ends it with SIGTERM and removes DATA_DIR.
 */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const indexHtml = path.join(webDist(), 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(
      `The web app is not built (${indexHtml} is missing). Run \`npm run build -w @brigade/web\` first.`,
    );
  }
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), `brigade-e2e-${name}-`));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(artifactsDir, `server-${name}.log`);
  const log = createWriteStream(logFile);

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
      SMS_DRIVER: 'outbox',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    await stopProcess(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, pid: child.pid ?? 0, stop };
}
