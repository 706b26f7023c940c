import type { PnrFilter, PnrSearch, PnrSort } from '@smt/shared';
import { useSearchParams } from 'react-router';
import {
  filterOfSearch,
  newSearchId,
  pnrSearchParams,
  readPnrSearch,
} from '@/features/pnrs/utils/pnr-search-query';

/**
 * The search on screen, kept in the query string. A new filter or sort is a new search: a new
 * history entry (Back returns to the last one), page 1 and a new searchId.
 */
export function usePnrSearchParams() {
  const [params, setParams] = useSearchParams();
  const { search, page } = readPnrSearch(params);
  const filter = filterOfSearch(search);
  const sort: PnrSort = { column: search.column, direction: search.direction };

  const searchFor = (next: Omit<PnrSearch, 'searchId'>) =>
    setParams(pnrSearchParams({ search: { ...next, searchId: newSearchId() }, page: 1 }));

  return {
    search,
    page,
    filter,
    sort,
    applyFilter: (next: PnrFilter) => searchFor({ ...next, ...sort }),
    setSort: (next: PnrSort) => searchFor({ ...filter, ...next }),
    setPage: (next: number) => setParams(pnrSearchParams({ search, page: next })),
  };
}
