import { describe, expect, it } from 'vitest';
import {
  AIRLINE_WAITLIST_STATUSES,
  CANCELLED_SEGMENT_STATUSES,
  CONFIRM_REPLY_STATUSES,
  INACTIVE_SEGMENT_STATUSES,
  PASSIVE_SEGMENT_STATUSES,
  SEGMENT_STATUS_MEANING,
  SegmentStatus,
  WAITLIST_REPLY_ACTION,
} from './bookings';

describe('segment status codes', () => {
  it.each([
    ['US', 'unable to sell, waitlisted'],
    ['UU', 'unable to confirm, waitlisted'],
    ['TL', 'waitlisted with new times'],
    ['TN', 'requested, with new times'],
    ['SC', 'schedule change'],
    ['HN', 'requested, not yet confirmed'],
    ['GK', 'passive, booked outside this system'],
    ['WK', 'was confirmed, replaced by a schedule change'],
  ] as const)('should read %s from the GDS and say what it means', (code, meaning) => {
    expect(SegmentStatus.parse(code)).toBe(code);
    expect(SEGMENT_STATUS_MEANING[code]).toBe(meaning);
  });

  it('should give every code a meaning', () => {
    for (const code of SegmentStatus.options) {
      expect(SEGMENT_STATUS_MEANING[code].length, code).toBeGreaterThan(0);
    }
  });

  it('should refuse a code it does not know', () => {
    expect(SegmentStatus.safeParse('ZZ').success).toBe(false);
  });

  it('should put each code needing action in one group only', () => {
    const groups: readonly (readonly string[])[] = [
      CONFIRM_REPLY_STATUSES,
      INACTIVE_SEGMENT_STATUSES,
      AIRLINE_WAITLIST_STATUSES,
      PASSIVE_SEGMENT_STATUSES,
    ];
    const all = groups.flat();
    expect(new Set(all).size).toBe(all.length);
    // US and UU are waitlists the airline keeps: moved to HL, never removed (decision 038).
    expect(INACTIVE_SEGMENT_STATUSES).toEqual(['HX', 'NO', 'UC']);
    expect(WAITLIST_REPLY_ACTION).toEqual({ US: 'HL', UU: 'HL', TL: 'HL', TN: 'HN' });
    expect(CONFIRM_REPLY_STATUSES).toEqual(['KL', 'KK']);
    // UN, a flight not operated, is a schedule change's; it is cancelled but not an ADM removal.
    expect(CANCELLED_SEGMENT_STATUSES).toContain('UN');
    expect(INACTIVE_SEGMENT_STATUSES).not.toContain('UN' as never);
  });
});
