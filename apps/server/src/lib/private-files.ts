import fs, { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

// What SMT writes holds secrets: the embedded database's files (the server secret, sessions and
// sealed connection tokens are in its WAL and tables), a dump of it, the data directory's lock.
// Another account on the machine must be able to read none of it (issue 33).

/** Group and others get nothing of a file or folder SMT makes, whatever umask it started with. */
export const PRIVATE_UMASK = 0o077;

/** From now on every file and folder this process makes is its owner's only. */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** A data directory that could not be made private: the message names the fix. */
export class PrivateDirectoryError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    super(
      `The data directory ${dir} is open to other accounts on this machine and could not be ` +
        `made private (${(cause as NodeJS.ErrnoException).code ?? String(cause)}): it holds the ` +
        `server secret and every session. Run \`chmod -R go-rwx ${dir}\` as its owner, or set ` +
        'DATA_DIR to a directory of your own.',
      { cause },
    );
    this.name = 'PrivateDirectoryError';
  }
}

const GROUP_AND_OTHERS = 0o077;

/**
 * Takes group and others' rights off `dir` and everything under it (0700 folders, 0600 files
 * as PGlite makes them under the private umask; other owner bits are kept). Symbolic links are
 * not followed. Answers how many entries it changed; throws PrivateDirectoryError when one
 * cannot be changed (another owner's).
 */
export function makeTreePrivate(dir: string): number {
  const root = path.resolve(dir);
  let changed = 0;
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & GROUP_AND_OTHERS) !== 0) {
      try {
        chmodSync(entry, stat.mode & 0o7700);
      } catch (error) {
        throw new PrivateDirectoryError(root, error);
      }
      changed += 1;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(root);
  return changed;
}

const privateTrees = new Set<string>();

/**
 * Keeps what is made under `dir` private although the code writing there sets modes itself.
 * PGlite's file system (Emscripten's NODEFS) creates each file, then chmods it to the mode
 * PostgreSQL asked for, 0666, which no umask masks: 970 files of a new database were open to
 * every account. Its chmods under `dir` are masked by PRIVATE_UMASK, as open() would mask them.
 */
export function keepTreePrivate(dir: string): void {
  privateTrees.add(path.resolve(dir) + path.sep);
  if (privateTrees.size > 1) return;
  const chmod = fs.chmodSync;
  fs.chmodSync = (target, mode) => {
    const under =
      typeof target === 'string' && [...privateTrees].some((tree) => target.startsWith(tree));
    if (under && typeof mode === 'number') return chmod(target, mode & ~PRIVATE_UMASK);
    return chmod(target, mode);
  };
}
