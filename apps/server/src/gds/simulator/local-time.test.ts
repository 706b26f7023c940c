import { describe, expect, it } from 'vitest';
import { formatLocal, isLocalTime, parseLocal } from './local-time';

describe('local time', () => {
  it('should read back the same instant when formatting and parsing at an offset', () => {
    const instant = Date.parse('2026-12-31T23:30:00Z');
    expect(formatLocal(instant, 120)).toBe('2027-01-01 01:30');
    expect(formatLocal(instant, -300)).toBe('2026-12-31 18:30');
    expect(parseLocal('2027-01-01 01:30', 120)).toBe(instant);
    expect(parseLocal('2026-12-31 18:30', -300)).toBe(instant);
  });

  it('should refuse texts when they are not a wall-clock time', () => {
    expect(isLocalTime('2026-05-01 09:15')).toBe(true);
    expect(isLocalTime('2026-13-01 09:15')).toBe(false);
    expect(isLocalTime('2026-05-01 24:00')).toBe(false);
    expect(isLocalTime('2026-05-01T09:15')).toBe(false);
    expect(() => parseLocal('tomorrow', 0)).toThrow();
  });
});
