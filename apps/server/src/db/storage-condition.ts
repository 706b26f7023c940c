import { statfs } from 'node:fs/promises';

// A full disk is not a bug of ours nor a fault of the caller's: a write fails, the database
// stays up (PostgreSQL and PGlite both answer SQLSTATE 53100 and go on), and writes succeed
// again once space is freed. So it is answered 503 like an outage (decision 020) and said by
// readiness, and nothing that runs in the background may end a process for it (issue 33).

// SQLSTATE class 53, insufficient resources: disk_full. PGlite reports its file writes the same.
const OUT_OF_SPACE_STATES = new Set(['53100']);

/** Whether an error, or one it wraps, says the database (or this process) ran out of disk. */
export function isOutOfSpace(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (OUT_OF_SPACE_STATES.has(code) || code === 'ENOSPC')) {
      return true;
    }
    cause = cause.cause;
  }
  return false;
}

/** Whether an error came from the database (it carries a SQLSTATE), rather than from our code. */
export function hasSqlState(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true;
    cause = cause.cause;
  }
  return false;
}

/** Space the data directory needs before it counts as writable again: a WAL segment's worth. */
export const ENOUGH_FREE_BYTES = 16 * 1024 * 1024;
/** Without a directory to look at (PostgreSQL elsewhere), how long one refused write counts. */
export const SPACE_ERROR_HOLDS_MS = 30_000;

export const OUT_OF_SPACE_REASON =
  'The database has no disk space left: writes fail until space is freed.';

export type StorageCondition = {
  /** Hears an error; answers whether it said the disk is full (then it is remembered). */
  note: (error: unknown) => boolean;
  /** Why writes cannot succeed now, or null when nothing says they cannot. */
  fullReason: () => Promise<string | null>;
};

/**
 * What the process knows of the database's disk. A refused write marks it full; the mark goes
 * when the data directory (on this machine: the embedded database) has room again, or, for a
 * database elsewhere, once no write has been refused for SPACE_ERROR_HOLDS_MS.
 */
export function createStorageCondition(
  options: { dataDir?: string | null; now?: () => number } = {},
): StorageCondition {
  const now = options.now ?? Date.now;
  let refusedAt: number | null = null;
  return {
    note(error) {
      if (!isOutOfSpace(error)) return false;
      refusedAt = now();
      return true;
    },
    async fullReason() {
      if (refusedAt === null) return null;
      if (options.dataDir) {
        const free = await statfs(options.dataDir).then(
          (stats) => stats.bavail * stats.bsize,
          () => null,
        );
        if (free !== null && free >= ENOUGH_FREE_BYTES) refusedAt = null;
      } else if (now() - refusedAt >= SPACE_ERROR_HOLDS_MS) {
        refusedAt = null;
      }
      return refusedAt === null ? null : OUT_OF_SPACE_REASON;
    },
  };
}
