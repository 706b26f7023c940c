import { pnrCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pnrKeys } from './pnr-keys';
import { retryUnlessRefused } from '@/lib/retry-unless-refused';

/** A booking of the list (by its list item id) as the GDS last answered it. */
export function getPnrDetails(id: number, signal?: AbortSignal) {
  return api.call(pnrCalls.details, { query: { id } }, { signal });
}

export const pnrDetailsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pnrKeys.details(id),
    queryFn: ({ signal }) => getPnrDetails(id, signal),
    retry: retryUnlessRefused,
  });

export function usePnrDetails(id: number) {
  return useQuery(pnrDetailsQueryOptions(id));
}
