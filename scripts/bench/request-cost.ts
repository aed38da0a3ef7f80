/**
 * What one request costs the server, against a bare Fastify hello in its own process on the same
 * machine and in the same run (so the ratio holds whatever else the machine is doing): requests/s
 * at 50 connections for the hello, GET /api/health and an authenticated GET /api/users/me, and
 * the server's CPU time per answer (Linux /proc, in clock ticks of 10 ms).
 */
import { fork, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const autocannonBin = path.join(root, 'node_modules/.bin/autocannon');

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  cpuMicrosecondsPerAnswer: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const cpuTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** autocannon at 50 connections on `url` for `seconds`, with the server's CPU time per answer. */
export function load(
  name: string,
  url: string,
  pid: number,
  headers: string[] = [],
  seconds = 10,
): LoadResult {
  // A short warm-up: the JIT and the connection pool settle before the measured run.
  spawnSync(autocannonBin, ['-c', '50', '-d', '2', ...headers.flatMap((h) => ['-H', h]), url], {
    encoding: 'utf8',
  });
  const before = cpuTicks(pid);
  const run = spawnSync(
    autocannonBin,
    ['-c', '50', '-d', String(seconds), '-j', ...headers.flatMap((h) => ['-H', h]), url],
    { encoding: 'utf8', maxBuffer: 10 * 1024 * 1024 },
  );
  const ticks = cpuTicks(pid) - before;
  const result = JSON.parse(run.stdout) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuMicrosecondsPerAnswer: (ticks * 10_000) / Math.max(1, result.requests.total),
  };
}

/** Starts the bare hello in its own process; `stop` ends it. */
export async function startHello(): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'hello-server.ts'), [String(port)], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`hello server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill() };
}

export const formatLoad = (r: LoadResult) =>
  `${Math.round(r.requestsPerSecond)} req/s, ${Math.round(r.cpuMicrosecondsPerAnswer)} µs CPU per answer (p99 ${r.p99Ms} ms, errors ${r.errors}, non-2xx ${r.non2xx})`;
