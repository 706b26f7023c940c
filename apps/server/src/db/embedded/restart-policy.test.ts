import { describe, expect, it } from 'vitest';
import { nextRestart, RESTART_LIMIT, RESTART_WINDOW_MS } from './restart-policy';

describe('restarting the embedded database', () => {
  const now = 1_000_000_000;

  it('waits a second before the first restart, then twice as long each time', () => {
    expect(nextRestart([], now)).toEqual({ attempt: 1, pauseMs: 1_000 });
    expect(nextRestart([now - 5_000], now)).toEqual({ attempt: 2, pauseMs: 2_000 });
    expect(nextRestart([now - 9_000, now - 5_000, now - 1_000], now)).toEqual({
      attempt: 4,
      pauseMs: 8_000,
    });
  });

  it('gives up after RESTART_LIMIT restarts within the window', () => {
    const recent = Array.from({ length: RESTART_LIMIT }, (_, index) => now - index * 1_000);
    expect(nextRestart(recent, now)).toBeNull();
    expect(nextRestart(recent.slice(1), now)).not.toBeNull();
  });

  it('forgets restarts older than the window', () => {
    const old = Array.from({ length: RESTART_LIMIT }, () => now - RESTART_WINDOW_MS);
    expect(nextRestart(old, now)).toEqual({ attempt: 1, pauseMs: 1_000 });
    const justInside = Array.from({ length: RESTART_LIMIT }, () => now - RESTART_WINDOW_MS + 1);
    expect(nextRestart(justInside, now)).toBeNull();
  });
});
