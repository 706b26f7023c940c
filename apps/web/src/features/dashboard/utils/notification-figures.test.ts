import type { CompletedVsTotalEntry } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import {
  pendingVsCompletedFigures,
  priceDataFigures,
} from '@/features/dashboard/utils/notification-figures';

const entry = (
  entityId: number,
  msgGroup: CompletedVsTotalEntry['msgGroup'],
  total: number,
  completed: number,
): CompletedVsTotalEntry => ({
  entityId,
  entityName: `Branch ${entityId}`,
  msgGroup,
  total,
  completed,
  potential: 0,
  actual: 0,
  byCurrency: [],
});

const ENTRIES = [entry(7, 'REPRICE', 4, 1), entry(8, 'ADM', 2, 2), entry(7, 'ADM', 3, 0)];

describe('the pending vs completed figures', () => {
  it('should sum each entity over the groups when all groups are chosen', () => {
    expect(pendingVsCompletedFigures(ENTRIES, 'ALL')).toEqual({
      labels: ['Branch 7', 'Branch 8'],
      series: [
        { label: 'Completed', values: [1, 2] },
        { label: 'Pending', values: [6, 0] },
      ],
    });
  });

  it('should keep only the entries of the group when one is chosen', () => {
    expect(pendingVsCompletedFigures(ENTRIES, 'ADM')).toEqual({
      labels: ['Branch 8', 'Branch 7'],
      series: [
        { label: 'Completed', values: [2, 0] },
        { label: 'Pending', values: [0, 3] },
      ],
    });
  });

  it('should chart no entity when the group has no entries', () => {
    expect(pendingVsCompletedFigures(ENTRIES, 'WAITLIST').labels).toEqual([]);
  });
});

describe('the price data figures', () => {
  it('should label each part with its share to two decimals', () => {
    expect(priceDataFigures({ youngCnt: 1, oldCnt: 2 })).toEqual({
      total: 3,
      labels: ['With price data 33.33%', 'Without price data 66.67%'],
      series: [{ label: 'Count', values: [1, 2] }],
    });
  });

  it('should give no share rather than divide by zero when there are no bookings', () => {
    expect(priceDataFigures({ youngCnt: 0, oldCnt: 0 }).labels).toEqual([
      'With price data 0.00%',
      'Without price data 0.00%',
    ]);
  });
});
