import type { HomeGroupCounts } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import {
  countsInOrder,
  isEmptyHome,
  pendingListPath,
  potentialLines,
  potentialText,
  totalsOf,
} from '@/features/home/utils/home-totals';

const entry = (
  group: HomeGroupCounts['group'],
  pending: number,
  fresh = 0,
  amount = 0,
): HomeGroupCounts => ({
  group,
  new: fresh,
  pending,
  amount,
  amounts: amount > 0 ? [{ currency: 'USD', kind: 'cash', amount }] : [],
});

describe('countsInOrder', () => {
  it('should list the groups in panel order and count a missing group as zero', () => {
    const ordered = countsInOrder([entry('WAITLIST', 2), entry('REPRICE', 5, 1, 10)]);

    expect(ordered.map((counts) => counts.group)).toEqual([
      'REPRICE',
      'ADM',
      'TICKETING_DUE',
      'RESCHEDULE',
      'WAITLIST',
    ]);
    expect(ordered[1]).toEqual(entry('ADM', 0));
  });
});

describe('totalsOf', () => {
  it('should add new and pending over every group and take the reprice amounts', () => {
    expect(
      totalsOf([entry('REPRICE', 5, 1, 99.9), entry('ADM', 3, 2), entry('WAITLIST', 1)]),
    ).toEqual({
      new: 3,
      pending: 9,
      potential: [{ currency: 'USD', kind: 'cash', amount: 99.9 }],
    });
  });
});

describe('isEmptyHome', () => {
  it('should be empty when every count is zero', () => {
    expect(isEmptyHome({ byGroup: [entry('REPRICE', 0), entry('ADM', 0)], currency: null })).toBe(
      true,
    );
  });

  it('should not be empty when one group has something new or pending', () => {
    expect(isEmptyHome({ byGroup: [entry('ADM', 0, 1)], currency: null })).toBe(false);
    expect(isEmptyHome({ byGroup: [entry('ADM', 1)], currency: null })).toBe(false);
  });
});

describe('potentialLines', () => {
  it('should round down, show the symbol when the currency has one and name the kind', () => {
    expect(potentialLines([{ currency: 'USD', kind: 'cash', amount: 1234.99 }])).toEqual([
      '$1,234 cash',
    ]);
  });

  it('should show each currency and kind on its own line and never add them up', () => {
    expect(
      potentialLines([
        { currency: 'EUR', kind: 'cash', amount: 136.04 },
        { currency: 'USD', kind: 'cash', amount: 1200 },
        { currency: 'USD', kind: 'credit', amount: 300.99 },
      ]),
    ).toEqual(['€136 cash', '$1,200 cash', '$300 airline credit']);
  });

  it('should show a bare zero when there is nothing pending', () => {
    expect(potentialLines([])).toEqual(['0']);
  });
});

describe('potentialText', () => {
  it('should read the lines on one line, as a card names them', () => {
    expect(
      potentialText([
        { currency: 'USD', kind: 'cash', amount: 44.01 },
        { currency: 'USD', kind: 'credit', amount: 30 },
      ]),
    ).toBe('$44 cash · $30 airline credit');
  });
});

describe('pendingListPath', () => {
  it('should lead to the pending list of the group when given a group', () => {
    expect(pendingListPath('ADM')).toBe('/notifications/cancelled/pending');
    expect(pendingListPath('TICKETING_DUE')).toBe('/notifications/ticketingdue/pending');
  });
});
