import { describe, expect, it } from 'vitest';
import { nextPnrSort } from './pnr-sort';

describe('nextPnrSort', () => {
  it('should cycle a column ascending, then descending, then off', () => {
    const first = nextPnrSort({}, 'status');
    const second = nextPnrSort(first, 'status');
    const third = nextPnrSort(second, 'status');

    expect([first, second, third]).toEqual([
      { column: 'status', direction: 'asc' },
      { column: 'status', direction: 'desc' },
      {},
    ]);
  });

  it('should start another column ascending when one is sorted already', () => {
    expect(nextPnrSort({ column: 'status', direction: 'desc' }, 'flightDate')).toEqual({
      column: 'flightDate',
      direction: 'asc',
    });
  });
});
