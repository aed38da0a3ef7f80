import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lockDataDir, type StaleLock } from './data-dir-lock.ts';

const lockModule = path.resolve(import.meta.dirname, 'data-dir-lock.ts');
const hasProc = existsSync('/proc/self/stat');

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'brigade-lock-')), 'pglite');

/** A child process running `code` (an ES module), stopped when the test ends; resolves once it printed "ready". */
async function runChild(code: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onTestFinished(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before it was ready`)));
  });
  return child;
}

/** Another server holding `dir` with this module, as a real start does. */
const holderOf = (dir: string) =>
  runChild(
    `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
     lockDataDir(process.env.LOCK_DIR); console.log('ready'); setInterval(() => {}, 1000);`,
    { LOCK_DIR: dir },
  );

/** A process that has nothing to do with Brigade. */
const unrelated = () => runChild(`console.log('ready'); setInterval(() => {}, 1000);`);

describe('embedded database folder lock', () => {
  it('refuses a second holder while the first runs, and frees the folder on unlock', async () => {
    const dir = freshDir();
    const other = await holderOf(dir);
    expect(() => lockDataDir(dir)).toThrow(/open in another process \(pid \d+\)/);
    expect(readFileSync(`${dir}.pid`, 'utf8').split('\n')[0]).toBe(String(other.pid));
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));

    // The holder was killed: its stale file is taken over.
    const stale: StaleLock[] = [];
    const unlock = lockDataDir(dir, { onStale: (lock) => stale.push(lock) });
    expect(stale).toEqual([expect.objectContaining({ pid: other.pid })]);
    expect(readFileSync(`${dir}.pid`, 'utf8').split('\n')[0]).toBe(String(process.pid));
    unlock();
    expect(existsSync(`${dir}.pid`)).toBe(false);
  });

  it.skipIf(!hasProc)(
    'takes over a pid file whose number now belongs to another process (the holder died, its number was given again)',
    async () => {
      const dir = freshDir();
      const holder = await holderOf(dir);
      const recorded = readFileSync(`${dir}.pid`, 'utf8');
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      // The dead holder's file, its number now that of a live process that is no Brigade server.
      const stranger = await unrelated();
      writeFileSync(`${dir}.pid`, recorded.replace(/^\d+/, String(stranger.pid)));

      const stale: StaleLock[] = [];
      const unlock = lockDataDir(dir, { onStale: (lock) => stale.push(lock) });
      expect(stale).toEqual([
        expect.objectContaining({ pid: stranger.pid, reason: 'its number now belongs to another process' }),
      ]);
      expect(stranger.exitCode).toBeNull();
      unlock();
    },
  );

  it.skipIf(!hasProc)(
    'a pid file with the number only (written before start times were kept) counts only if that process has the folder open',
    async () => {
      const dir = freshDir();
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
      const stranger = await unrelated();
      writeFileSync(`${dir}.pid`, String(stranger.pid));
      const stale: StaleLock[] = [];
      const unlock = lockDataDir(dir, { onStale: (lock) => stale.push(lock) });
      expect(stale).toEqual([expect.objectContaining({ pid: stranger.pid })]);
      unlock();

      // An older server, its database files open.
      const older = await runChild(
        `import { openSync } from 'node:fs';
         openSync(process.env.FILE, 'r'); console.log('ready'); setInterval(() => {}, 1000);`,
        { FILE: path.join(dir, 'PG_VERSION') },
      );
      writeFileSync(`${dir}.pid`, String(older.pid));
      expect(() => lockDataDir(dir)).toThrow(`open in another process (pid ${older.pid})`);
    },
  );

  it('a process that exits without unlocking (Ctrl-C while starting) leaves no pid file', async () => {
    const dir = freshDir();
    const exiting = await runChild(
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       lockDataDir(process.env.LOCK_DIR); console.log('ready'); setTimeout(() => process.exit(130), 100);`,
      { LOCK_DIR: dir },
    );
    const code = await new Promise((resolve) =>
      exiting.exitCode !== null ? resolve(exiting.exitCode) : exiting.once('exit', resolve),
    );
    expect(code).toBe(130);
    expect(existsSync(`${dir}.pid`)).toBe(false);
  });
});
