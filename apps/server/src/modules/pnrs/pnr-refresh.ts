import { PNR_REFRESH_AFTER_MINUTES } from '@smt/shared';

// When My PNRs asks the GDS again for a booking on screen, and how those asks are run.

const MINUTE = 60_000;
const REFRESH_AFTER_MS = PNR_REFRESH_AFTER_MINUTES * MINUTE;

/** A refresh not answered after this long is given up: the marker goes. */
export const REFRESH_GIVE_UP_MS = 2 * MINUTE;

/**
 * Checks My PNRs runs at once in one process, whoever asked: a page's stale rows are read
 * side by side, and many agents opening the page do not flood the GDS.
 */
export const REFRESH_CONCURRENCY = 6;

export type RefreshState = {
  monitored: boolean;
  isCancelled: boolean;
  /** Every flight has flown: the engine no longer checks it. */
  isFlown: boolean;
  /** GDS time of the last check. */
  lastCheckedAt: Date | null;
  /** Server time of the last check, ended well or not, the engine's or a refresh's. */
  lastAttemptAt: Date | null;
  /** Server time of the refresh asked for, cleared when a check ends. */
  syncRequestedAt: Date | null;
};

type Watched = Pick<RefreshState, 'monitored' | 'isCancelled' | 'isFlown' | 'syncRequestedAt'>;

/** Cancelled bookings and those whose every flight has flown are no longer checked. */
const watched = (row: Watched) => row.monitored && !row.isCancelled && !row.isFlown;

const within = (instant: Date | null, now: Date, ms: number) =>
  instant !== null && now.getTime() - instant.getTime() < ms;

/** A refresh asked for and not yet answered, nor given up. */
export function updateWillAvailable(row: Watched, serverNow: Date): boolean {
  return watched(row) && within(row.syncRequestedAt, serverNow, REFRESH_GIVE_UP_MS);
}

/**
 * A watched booking nobody has asked the GDS about in the last minutes, with no refresh on its
 * way: worth asking again while the agent looks at it. Recent is by either clock: the
 * simulator's runs sixty times faster than the server's (its quarter hour is 15 s, less than
 * the engine's cadence), or stands still in tests; a failed check counts too, so a GDS that is
 * down is not asked on every visit.
 */
export function needsRefresh(row: RefreshState, gdsNow: Date, serverNow: Date): boolean {
  if (!watched(row) || updateWillAvailable(row, serverNow)) return false;
  return (
    !within(row.lastCheckedAt, gdsNow, REFRESH_AFTER_MS) &&
    !within(row.lastAttemptAt, serverNow, REFRESH_AFTER_MS)
  );
}

/**
 * Runs `check` for each booking handed in, at most `limit` at once, in the order asked; a
 * booking already waiting or under way is not taken twice. `settled` answers once nothing is.
 */
export function createRefreshRunner(
  check: (bookingId: number) => Promise<void>,
  limit = REFRESH_CONCURRENCY,
) {
  const waiting: number[] = [];
  const taken = new Set<number>();
  let running = 0;
  let idle: (() => void)[] = [];

  const next = () => {
    while (running < limit && waiting.length > 0) {
      const id = waiting.shift() as number;
      running += 1;
      void check(id)
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          taken.delete(id);
          next();
        });
    }
    if (running === 0 && waiting.length === 0) {
      const done = idle;
      idle = [];
      for (const resolve of done) resolve();
    }
  };

  return {
    refresh(bookingIds: readonly number[]): void {
      for (const id of bookingIds) {
        if (taken.has(id)) continue;
        taken.add(id);
        waiting.push(id);
      }
      next();
    },
    /** How many checks run now: never more than the limit. */
    get running() {
      return running;
    },
    settled(): Promise<void> {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
