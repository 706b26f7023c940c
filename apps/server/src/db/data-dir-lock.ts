import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

// PGlite keeps a whole PostgreSQL in one process with no lock of its own: two processes on one
// data directory each write as if alone, and the files end up corrupt (docs/decisions/028).

/** Who holds a data directory: written into its lock file. */
export type LockHolder = {
  pid: number;
  host: string;
  /** The kernel's start time of the process (Linux), so a reused pid is not mistaken for it. */
  processStart: string | null;
  since: string;
  command: string;
  /** The server process whose embedded database holds the lock (decision 047), if it is one. */
  server?: number;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.server ?? holder.pid} on ${holder.host} (${holder.command}, since ${holder.since})`
      : 'another process';
    super(
      `The data directory ${dataDir} is in use by ${who}: one process at a time may hold an ` +
        'embedded database. Stop that process first, or set DATA_DIR to another directory ' +
        '(several processes need PostgreSQL: DATABASE_URL).' +
        // Only a holder on this host is known dead when it is; one on another can be told by hand.
        (holder && holder.host !== hostname()
          ? ` If that process is gone, delete ${path.join(dataDir, LOCK_FILE)}.`
          : ''),
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'smt.lock';
const TAKEOVER_DIR = 'smt.lock.takeover';
// A takeover is a few file operations; one older than this was left by a process that died in it.
const TAKEOVER_STALE_MS = 10_000;
const ATTEMPTS = 20;

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a live holder is an embedded database whose server is gone: it is stopping, and the
 * lock will be free in a moment.
 */
export function isOrphanedHolder(holder: LockHolder | null): boolean {
  return (
    holder !== null &&
    holder.host === hostname() &&
    holder.server !== undefined &&
    !isRunning(holder.server)
  );
}

/** Whether the holder written in a lock file is still alive, as far as this host can tell. */
function holderAlive(holder: LockHolder): boolean {
  // Another host (a shared volume): nothing here can tell; the lock stands.
  if (holder.host !== hostname()) return true;
  if (holder.pid !== process.pid && !isRunning(holder.pid)) return false;
  // A pid is reused, and a restarted container is pid 1 again: its start time tells them apart.
  const start = processStartOf(holder.pid);
  if (holder.processStart !== null && start !== null) return start === holder.processStart;
  return holder.pid !== process.pid;
}

function readHolder(lockPath: string): { holder: LockHolder | null; text: string } | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as LockHolder;
    return typeof parsed.pid === 'number' ? { holder: parsed, text } : { holder: null, text };
  } catch {
    return { holder: null, text };
  }
}

function ageOf(entry: string): number {
  try {
    return Date.now() - statSync(entry).mtimeMs;
  } catch {
    return 0;
  }
}

/** Removes a dead holder's lock, unless another process has replaced it meanwhile. */
function removeStaleLock(dataDir: string, lockPath: string, staleText: string): void {
  const takeover = path.join(dataDir, TAKEOVER_DIR);
  try {
    mkdirSync(takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (ageOf(takeover) > TAKEOVER_STALE_MS) rmdirSync(takeover);
    return;
  }
  try {
    if (readHolder(lockPath)?.text === staleText) unlinkSync(lockPath);
  } finally {
    rmdirSync(takeover);
  }
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError naming its holder.
 * A lock whose holder is gone (killed, crashed) is taken over. Answers the release, which the
 * process calls when it closes the database; an exit without it leaves a lock the next start
 * sees as stale.
 */
export function lockDataDir(dataDir: string, options: { server?: number } = {}): () => void {
  const directory = path.resolve(dataDir);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const lockPath = path.join(directory, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    processStart: processStartOf(process.pid),
    since: new Date().toISOString(),
    command:
      process.argv
        .slice(1, 3)
        .map((part) => path.basename(part))
        .join(' ') || 'node',
    ...(options.server === undefined ? {} : { server: options.server }),
  };
  const myText = JSON.stringify(me);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readHolder(lockPath);
      if (!found) continue;
      // A lock being written right now reads empty for an instant: that holder is alive.
      const unreadable = found.holder === null && ageOf(lockPath) < TAKEOVER_STALE_MS;
      if (unreadable || (found.holder && holderAlive(found.holder))) {
        throw new DataDirLockedError(directory, found.holder);
      }
      removeStaleLock(directory, lockPath, found.text);
      continue;
    }
    try {
      writeSync(fd, myText);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (readHolder(lockPath)?.text === myText) unlinkSync(lockPath);
    };
  }
  throw new DataDirLockedError(directory, readHolder(lockPath)?.holder ?? null);
}
