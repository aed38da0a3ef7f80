import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is a folder one process may open at a time: a second `npm start` on the same
 * DATA_DIR would corrupt it. A pid file beside the folder (`pglite.pid`) says who holds it; a file left by a process that
 * no longer runs (killed, crashed) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.pid`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is open in another process (pid ${holder}). Stop it, or set another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
