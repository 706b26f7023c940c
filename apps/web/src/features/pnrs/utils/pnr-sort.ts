import type { PnrSort, PnrSortColumn, SortDirection } from '@smt/shared';

/** Where a column's sort goes next: ascending, then descending, then off (SPEC §2.7). */
export function nextPnrSort(current: PnrSort, column: PnrSortColumn): PnrSort {
  if (current.column !== column || !current.direction) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return {};
}

/** The direction a column is sorted in now, if it is the sorted one. */
export function sortDirectionOf(sort: PnrSort, column: PnrSortColumn): SortDirection | undefined {
  return sort.column === column ? sort.direction : undefined;
}
