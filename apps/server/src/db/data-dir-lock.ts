import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A process as the kernel knows it: its number, and when it started on which boot. Numbers are
 * reused (in a container the server is often the same small number at every start); the pair is
 * not, so a holder recorded this way is told apart from another process given its number later.
 * Null where there is no /proc (macOS).
 */
interface ProcessIdentity {
  bootId: string;
  startTime: string;
}

/** The identity of a process, and whether it has ended (a zombie its parent has not reaped yet). */
function identityOf(pid: number): (ProcessIdentity & { ended: boolean }) | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so count fields after the
    // last ')'; the state is field 3, the start time (in clock ticks since boot) field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = fields[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTime ? { bootId, startTime, ended: fields[0] === 'Z' || fields[0] === 'X' } : null;
  } catch {
    return null;
  }
}

/** What a pid file says: `pid`, then on a second line `bootId startTime` when /proc told them. */
function parseHolder(text: string): { pid: number; identity: ProcessIdentity | null } {
  const [first = '', second = ''] = text.split('\n');
  const [bootId, startTime] = second.trim().split(' ');
  return { pid: Number(first.trim()), identity: bootId && startTime ? { bootId, startTime } : null };
}

/**
 * Whether the process numbered `pid` is one that holds `dataDir`. A number nothing runs under is
 * nobody. With /proc: a file that recorded its holder's identity names that process only if the
 * running one has the same; a file from before identities were recorded names a process that has a
 * file of the folder open (PGlite keeps its files open while it runs). Without /proc (macOS), any
 * running process counts, as before.
 */
function holderState(
  holder: { pid: number; identity: ProcessIdentity | null },
  dataDir: string,
): { holds: true } | { holds: false; reason: string } {
  if (!isRunning(holder.pid)) return { holds: false, reason: 'no process has that number any more' };
  const running = identityOf(holder.pid);
  if (!running) return { holds: true };
  if (running.ended) return { holds: false, reason: 'its process has ended' };
  if (holder.identity) {
    return holder.identity.bootId === running.bootId && holder.identity.startTime === running.startTime
      ? { holds: true }
      : { holds: false, reason: 'its number now belongs to another process' };
  }
  return hasOpenFileIn(holder.pid, dataDir)
    ? { holds: true }
    : { holds: false, reason: 'the process with that number has no file of the folder open' };
}

function hasOpenFileIn(pid: number, dataDir: string): boolean {
  const folder = `${path.resolve(dataDir)}${path.sep}`;
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    // Another user's process: its files cannot be listed, so it may well hold the folder.
    return true;
  }
  return fds.some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(folder);
    } catch {
      return false;
    }
  });
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid file that was taken over: whose it was and why it no longer counted. */
export interface StaleLock {
  file: string;
  pid: number;
  reason: string;
}

/**
 * The embedded database is a folder one process may open at a time: a second `npm start` on the same
 * DATA_DIR would corrupt it. A pid file beside the folder (`pglite.pid`) says who holds it, with
 * the holder's start time where the system tells it; a file left by a process that no longer runs
 * (killed, crashed), even when its number now belongs to another process, is taken over
 * (`onStale` says so). The file goes when the lock is released or the process exits.
 */
export function lockDataDir(dataDir: string, options: { onStale?: (stale: StaleLock) => void } = {}) {
  const file = `${path.resolve(dataDir)}.pid`;
  mkdirSync(path.dirname(file), { recursive: true });
  const own = identityOf(process.pid);
  const content = `${process.pid}\n${own ? `${own.bootId} ${own.startTime}\n` : ''}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      // An exit before the database is closed (Ctrl-C while starting) leaves no file behind either.
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseHolder(readFileSync(file, 'utf8'));
      if (holder.pid && holder.pid !== process.pid) {
        const state = holderState(holder, dataDir);
        if (state.holds) {
          throw new Error(
            `The embedded database in ${dataDir} is open in another process (pid ${holder.pid}). Stop it, or set another DATA_DIR.`,
          );
        }
        options.onStale?.({ file, pid: holder.pid, reason: state.reason });
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
