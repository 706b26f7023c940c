import { describe, expect, it } from 'vitest';
import { STOPPED_AFTER_MS, resumeClock, simTimeOf, type ClockState } from './sim-clock';

const start = Date.parse('2026-11-22T08:00:00Z');

describe('sim clock', () => {
  it('should run at its speed from the anchor when time passes', () => {
    const state: ClockState = {
      anchorSimMs: start,
      anchorRealMs: 1000,
      speed: 60,
      seenRealMs: 1000,
    };
    expect(simTimeOf(state, 1000)).toBe(start);
    expect(simTimeOf(state, 61_000)).toBe(start + 3_600_000);
    expect(simTimeOf({ ...state, speed: 0 }, 61_000)).toBe(start);
  });

  it('should start at the given time when no clock was kept', () => {
    expect(resumeClock(null, { realNow: 5, speed: 0, startAt: start })).toEqual({
      anchorSimMs: start,
      anchorRealMs: 5,
      speed: 0,
      seenRealMs: 5,
    });
  });

  it('should join the running clock when another simulator beat recently', () => {
    const running: ClockState = {
      anchorSimMs: start,
      anchorRealMs: 0,
      speed: 10,
      seenRealMs: 9_000,
    };
    const joined = resumeClock(running, { realNow: 10_000, speed: 10, startAt: 0 });
    expect(simTimeOf(joined, 10_000)).toBe(simTimeOf(running, 10_000));
  });

  it('should resume where it stopped when nothing ran for a while', () => {
    const stopped: ClockState = {
      anchorSimMs: start,
      anchorRealMs: 0,
      speed: 10,
      seenRealMs: 1000,
    };
    const realNow = 1000 + STOPPED_AFTER_MS + 3_600_000;
    const resumed = resumeClock(stopped, { realNow, speed: 10, startAt: 0 });
    expect(simTimeOf(resumed, realNow)).toBe(start + 10_000);
  });

  it('should keep the time and take the new speed when the speed changes', () => {
    const running: ClockState = {
      anchorSimMs: start,
      anchorRealMs: 0,
      speed: 10,
      seenRealMs: 9_000,
    };
    const changed = resumeClock(running, { realNow: 10_000, speed: 60, startAt: 0 });
    expect(simTimeOf(changed, 10_000)).toBe(start + 100_000);
    expect(simTimeOf(changed, 11_000)).toBe(start + 160_000);
  });
});
