import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRefreshRunner,
  needsRefresh,
  REFRESH_CONCURRENCY,
  REFRESH_GIVE_UP_MS,
  updateWillAvailable,
  type RefreshState,
} from './pnr-refresh';

const serverNow = new Date('2026-11-24T10:00:00Z');
const gdsNow = new Date('2026-12-01T08:00:00Z');
const minutesBefore = (instant: Date, minutes: number) =>
  new Date(instant.getTime() - minutes * 60_000);

const row = (changes: Partial<RefreshState> = {}): RefreshState => ({
  monitored: true,
  isCancelled: false,
  isFlown: false,
  lastCheckedAt: minutesBefore(gdsNow, 1),
  lastAttemptAt: minutesBefore(serverNow, 1),
  syncRequestedAt: null,
  ...changes,
});

/** Nobody has asked the GDS about it for an hour, by either clock. */
const longAgo = {
  lastCheckedAt: minutesBefore(gdsNow, 60),
  lastAttemptAt: minutesBefore(serverNow, 60),
};

describe('needsRefresh', () => {
  it('should leave a booking checked within the last quarter hour of GDS time', () => {
    const checked = row({ ...longAgo, lastCheckedAt: minutesBefore(gdsNow, 14) });
    expect(needsRefresh(checked, gdsNow, serverNow)).toBe(false);
  });

  it("should leave a booking the engine read minutes ago on the server's clock, however far the simulator's ran", () => {
    // SIM_SPEED 60: the engine's check 40 s ago is 40 minutes ago on the simulator's clock.
    const readLately = row({
      lastCheckedAt: minutesBefore(gdsNow, 40),
      lastAttemptAt: new Date(serverNow.getTime() - 40_000),
    });
    expect(needsRefresh(readLately, gdsNow, serverNow)).toBe(false);
    expect(
      needsRefresh(
        { ...readLately, lastAttemptAt: minutesBefore(serverNow, 14) },
        gdsNow,
        serverNow,
      ),
    ).toBe(false);
  });

  it('should not ask again soon after a check that failed', () => {
    const failed = row({ lastCheckedAt: null, lastAttemptAt: minutesBefore(serverNow, 2) });
    expect(needsRefresh(failed, gdsNow, serverNow)).toBe(false);
  });

  it('should ask again for one nobody asked about for a quarter hour by either clock, or ever', () => {
    const quarter = row({
      lastCheckedAt: minutesBefore(gdsNow, 15),
      lastAttemptAt: minutesBefore(serverNow, 15),
    });
    expect(needsRefresh(quarter, gdsNow, serverNow)).toBe(true);
    expect(needsRefresh(row({ lastCheckedAt: null, lastAttemptAt: null }), gdsNow, serverNow)).toBe(
      true,
    );
  });

  it('should not ask for cancelled, flown or unwatched bookings', () => {
    expect(needsRefresh(row({ ...longAgo, isCancelled: true }), gdsNow, serverNow)).toBe(false);
    expect(needsRefresh(row({ ...longAgo, isFlown: true }), gdsNow, serverNow)).toBe(false);
    expect(needsRefresh(row({ ...longAgo, monitored: false }), gdsNow, serverNow)).toBe(false);
  });

  it('should not ask twice while a refresh is on its way, and ask again once it is given up', () => {
    const waiting = row({ ...longAgo, syncRequestedAt: minutesBefore(serverNow, 1) });
    expect(needsRefresh(waiting, gdsNow, serverNow)).toBe(false);
    const givenUp = row({
      ...longAgo,
      syncRequestedAt: new Date(serverNow.getTime() - REFRESH_GIVE_UP_MS),
    });
    expect(needsRefresh(givenUp, gdsNow, serverNow)).toBe(true);
  });
});

describe('updateWillAvailable', () => {
  it('should hold while a refresh is asked for and not answered', () => {
    expect(
      updateWillAvailable(row({ syncRequestedAt: minutesBefore(serverNow, 1) }), serverNow),
    ).toBe(true);
    expect(updateWillAvailable(row(), serverNow)).toBe(false);
  });

  it('should stop after the give-up time and for bookings no longer watched', () => {
    expect(
      updateWillAvailable(
        row({ syncRequestedAt: new Date(serverNow.getTime() - REFRESH_GIVE_UP_MS) }),
        serverNow,
      ),
    ).toBe(false);
    expect(
      updateWillAvailable(
        row({ syncRequestedAt: minutesBefore(serverNow, 1), isCancelled: true }),
        serverNow,
      ),
    ).toBe(false);
  });
});

describe('createRefreshRunner', () => {
  /** A GDS read takes this long, as the simulator's default latency twice over. */
  const READ_MS = 300;

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const slowChecks = () => {
    const started: number[] = [];
    const finished: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const check = async (id: number) => {
      started.push(id);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, READ_MS));
      inFlight -= 1;
      if (id === 3) throw new Error('the GDS did not answer');
      finished.push(id);
    };
    return { check, started, finished, most: () => mostInFlight };
  };

  it("should read a page's stale rows side by side, within its bound, and be done within 2 s", async () => {
    const { check, started, finished, most } = slowChecks();
    const runner = createRefreshRunner(check);
    const ids = Array.from({ length: 11 }, (_, index) => index + 1);
    let settled = false;
    runner.refresh(ids);
    void runner.settled().then(() => (settled = true));

    expect(runner.running).toBe(REFRESH_CONCURRENCY);
    expect(started).toEqual(ids.slice(0, REFRESH_CONCURRENCY));
    await vi.advanceTimersByTimeAsync(2 * READ_MS);

    expect(settled).toBe(true);
    expect(most()).toBe(REFRESH_CONCURRENCY);
    expect(started).toEqual(ids);
    // One failed read does not hold the others back.
    expect(finished).toEqual(ids.filter((id) => id !== 3));
  });

  it('should not read a booking twice while its read waits or runs, and read it again later', async () => {
    const { check, started } = slowChecks();
    const runner = createRefreshRunner(check, 1);
    runner.refresh([1, 2]);
    runner.refresh([2, 1, 4]);
    expect(started).toEqual([1]);

    await vi.advanceTimersByTimeAsync(3 * READ_MS);
    expect(started).toEqual([1, 2, 4]);

    runner.refresh([1]);
    await vi.advanceTimersByTimeAsync(READ_MS);
    expect(started).toEqual([1, 2, 4, 1]);
    await runner.settled();
  });

  it('should be settled at once with nothing to read', async () => {
    const runner = createRefreshRunner(() => Promise.resolve());
    runner.refresh([]);
    await expect(runner.settled()).resolves.toBeUndefined();
  });
});
