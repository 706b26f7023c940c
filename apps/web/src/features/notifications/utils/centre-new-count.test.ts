import { describe, expect, it } from 'vitest';
import { countersWith } from '@/features/notifications/components/centre/centre-test-server';
import { centreNewCount } from './centre-new-count';

const counters = countersWith(
  { reprice: 3, ticketingDue: 1, recent: 9 },
  { reprice: 2, ticketingDue: 0, recent: 4 },
);

describe('centre new count', () => {
  it('should count the pending bucket when the column shows pending notifications', () => {
    expect(centreNewCount(counters, 'REPRICE', ['Pending'])).toBe(3);
  });

  it('should count the complete bucket when the column shows completed ones', () => {
    expect(centreNewCount(counters, 'REPRICE', ['Complete', 'Failed'])).toBe(2);
  });

  it('should add both buckets when the column shows every subtype', () => {
    expect(centreNewCount(counters, 'REPRICE', ['Pending', 'Complete', 'Failed'])).toBe(5);
  });

  it('should read the recent key when the list is every group', () => {
    expect(centreNewCount(counters, 'RECENT', ['Pending'])).toBe(9);
  });

  it('should know nothing when the counters have not come yet', () => {
    expect(centreNewCount(undefined, 'ADM', ['Pending'])).toBeNull();
  });
});
