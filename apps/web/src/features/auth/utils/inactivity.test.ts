import { describe, expect, it } from 'vitest';
import { isSessionIdle } from '@/features/auth/utils/inactivity';

const NOW = Date.parse('2030-01-01T12:00:00Z');
const minutesAgo = (minutes: number) => NOW - minutes * 60_000;

describe('isSessionIdle', () => {
  it('should be idle when the last activity is older than the session duration', () => {
    expect(
      isSessionIdle({
        keepLoggedIn: false,
        lastActiveAt: minutesAgo(31),
        now: NOW,
        sessionDurationMinutes: 30,
      }),
    ).toBe(true);
  });

  it('should not be idle when the last activity is within the session duration', () => {
    expect(
      isSessionIdle({
        keepLoggedIn: false,
        lastActiveAt: minutesAgo(30),
        now: NOW,
        sessionDurationMinutes: 30,
      }),
    ).toBe(false);
  });

  it('should never be idle when keep me logged in was chosen', () => {
    expect(
      isSessionIdle({
        keepLoggedIn: true,
        lastActiveAt: minutesAgo(24 * 60),
        now: NOW,
        sessionDurationMinutes: 30,
      }),
    ).toBe(false);
  });

  it('should not be idle when no activity was recorded yet', () => {
    expect(
      isSessionIdle({
        keepLoggedIn: false,
        lastActiveAt: null,
        now: NOW,
        sessionDurationMinutes: 30,
      }),
    ).toBe(false);
  });

  it('should follow the configured duration when it differs from the default', () => {
    const input = { keepLoggedIn: false, lastActiveAt: minutesAgo(6), now: NOW };

    expect(isSessionIdle({ ...input, sessionDurationMinutes: 5 })).toBe(true);
    expect(isSessionIdle({ ...input, sessionDurationMinutes: 10 })).toBe(false);
  });
});
