import { subscriptionCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Every subscriptions query lives under this root, so a save refreshes the table and the
// settings page's own channels alike.
export const SUBSCRIPTIONS_ROOT_KEY = 'subscriptions';

/** The rows the caller may see, with the lookup of their branches and agents. */
export function getSubscriptions(signal?: AbortSignal) {
  return api.call(subscriptionCalls.settings, {}, { signal });
}

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: [SUBSCRIPTIONS_ROOT_KEY, 'settings'],
    queryFn: ({ signal }) => getSubscriptions(signal),
  });

export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions());
}
