import { CREDIT_PAGE_SIZE, creditCalls, type CreditFilter } from '@smt/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessRefused } from '@/lib/retry-unless-refused';
import { creditKeys } from './credit-keys';

/** One page (0-based) of the credits the filter finds in the caller's scope. */
export function getCreditList(filter: CreditFilter, page: number, signal?: AbortSignal) {
  const query = { ...filter, offset: page * CREDIT_PAGE_SIZE, limit: CREDIT_PAGE_SIZE };
  return api.call(creditCalls.list, { query }, { signal });
}

export const creditListQueryOptions = (filter: CreditFilter, page: number) =>
  queryOptions({
    queryKey: creditKeys.list(filter, page),
    queryFn: ({ signal }) => getCreditList(filter, page, signal),
    // The last page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export function useCreditList(filter: CreditFilter, page: number) {
  return useQuery(creditListQueryOptions(filter, page));
}
