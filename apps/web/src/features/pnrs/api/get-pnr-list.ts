import { PNR_LIST_PAGE_SIZE, pnrCalls, type PnrListRequest, type PnrSearch } from '@smt/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pnrKeys } from './pnr-keys';
import { retryUnlessRefused } from '@/lib/retry-unless-refused';

/** One page (1-based) of a search, PNR_LIST_PAGE_SIZE bookings long. */
export function getPnrList(search: PnrSearch, page: number, signal?: AbortSignal) {
  const request: PnrListRequest = {
    ...search,
    offset: (page - 1) * PNR_LIST_PAGE_SIZE,
    chunk: PNR_LIST_PAGE_SIZE,
  };
  return api.call(pnrCalls.list, { body: request }, { signal });
}

export const pnrListQueryOptions = (search: PnrSearch, page: number) =>
  queryOptions({
    queryKey: pnrKeys.list(search, page),
    queryFn: ({ signal }) => getPnrList(search, page, signal),
    // The last page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export function usePnrList(search: PnrSearch, page: number) {
  return useQuery(pnrListQueryOptions(search, page));
}
