import { PNR_REFRESH_AFTER_MINUTES } from '@smt/shared';

// When My PNRs asks the GDS again for a booking on screen, and when it stops waiting.

const MINUTE = 60_000;

/** A refresh the engine has not answered after this long is given up: the spinner stops. */
export const REFRESH_GIVE_UP_MS = 2 * MINUTE;

export type RefreshState = {
  monitored: boolean;
  isCancelled: boolean;
  /** Every flight has flown: the engine no longer checks it. */
  isFlown: boolean;
  /** GDS time of the last check. */
  lastCheckedAt: Date | null;
  /** Server time of the refresh asked for, cleared when a check ends. */
  syncRequestedAt: Date | null;
};

/** Cancelled bookings and those whose every flight has flown are no longer checked. */
const watched = (row: RefreshState) => row.monitored && !row.isCancelled && !row.isFlown;

/** A refresh asked for and not yet answered, nor given up. */
export function updateWillAvailable(row: RefreshState, serverNow: Date): boolean {
  return (
    watched(row) &&
    row.syncRequestedAt !== null &&
    serverNow.getTime() - row.syncRequestedAt.getTime() < REFRESH_GIVE_UP_MS
  );
}

/**
 * A watched booking the engine has not checked in the last minutes of the GDS's clock, with
 * no refresh already on its way: worth asking the GDS again while the agent looks at it.
 */
export function needsRefresh(row: RefreshState, gdsNow: Date, serverNow: Date): boolean {
  if (!watched(row) || updateWillAvailable(row, serverNow)) return false;
  if (row.lastCheckedAt === null) return true;
  return gdsNow.getTime() - row.lastCheckedAt.getTime() >= PNR_REFRESH_AFTER_MINUTES * MINUTE;
}
