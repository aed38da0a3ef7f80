import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('embedded database folder lock', () => {
  it('refuses a second holder while the first runs, and frees the folder on unlock', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'brigade-lock-')), 'pglite');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(`${dir}.pid`, String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/open in another process \(pid \d+\)/);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The holder has gone: its stale file is taken over.
    const unlock = lockDataDir(dir);
    expect(existsSync(`${dir}.pid`)).toBe(true);
    unlock();
    expect(existsSync(`${dir}.pid`)).toBe(false);
  });
});
