import { describe, expect, it } from 'vitest';
import {
  needsRefresh,
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
  syncRequestedAt: null,
  ...changes,
});

describe('needsRefresh', () => {
  it('should leave a booking checked within the last quarter hour of GDS time', () => {
    expect(needsRefresh(row({ lastCheckedAt: minutesBefore(gdsNow, 14) }), gdsNow, serverNow)).toBe(
      false,
    );
  });

  it('should ask again for one checked a quarter hour ago or never', () => {
    expect(needsRefresh(row({ lastCheckedAt: minutesBefore(gdsNow, 15) }), gdsNow, serverNow)).toBe(
      true,
    );
    expect(needsRefresh(row({ lastCheckedAt: null }), gdsNow, serverNow)).toBe(true);
  });

  it('should not ask for cancelled, flown or unwatched bookings', () => {
    const old = { lastCheckedAt: null };
    expect(needsRefresh(row({ ...old, isCancelled: true }), gdsNow, serverNow)).toBe(false);
    expect(needsRefresh(row({ ...old, isFlown: true }), gdsNow, serverNow)).toBe(false);
    expect(needsRefresh(row({ ...old, monitored: false }), gdsNow, serverNow)).toBe(false);
  });

  it('should not ask twice while a refresh is on its way, and ask again once it is given up', () => {
    const waiting = row({ lastCheckedAt: null, syncRequestedAt: minutesBefore(serverNow, 1) });
    expect(needsRefresh(waiting, gdsNow, serverNow)).toBe(false);
    const givenUp = row({
      lastCheckedAt: null,
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
