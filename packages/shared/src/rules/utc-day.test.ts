import { describe, expect, it } from 'vitest';
import { addUtcDays, DAY_MS, startOfUtcDay, utcDayOf, utcMinuteOf } from './utc-day';

describe('UTC days', () => {
  it('should name the UTC day of an instant, whatever the hour', () => {
    expect(utcDayOf(new Date('2026-03-29T00:00:00Z'))).toBe('2026-03-29');
    expect(utcDayOf(new Date('2026-03-29T23:59:59.999Z'))).toBe('2026-03-29');
    expect(utcDayOf(Date.parse('2026-03-30T00:00:00Z'))).toBe('2026-03-30');
  });

  it('should name the UTC minute of an instant, its seconds dropped', () => {
    expect(utcMinuteOf(new Date('2026-03-29T23:59:59.999Z'))).toBe('2026-03-29 23:59');
    expect(utcMinuteOf(Date.parse('2026-03-30T00:00:00+02:00'))).toBe('2026-03-29 22:00');
  });

  it('should count days across a month, a leap day and a year', () => {
    expect(addUtcDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addUtcDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addUtcDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addUtcDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('should start a day at midnight UTC, one DAY_MS before the next', () => {
    expect(startOfUtcDay('2026-10-25').toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(startOfUtcDay('2026-10-26').getTime() - startOfUtcDay('2026-10-25').getTime()).toBe(
      DAY_MS,
    );
  });
});
