import { metaCalls, type ClientConfig } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const publicConfigQueryKey = ['public-config'] as const;

export function getPublicConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.call(metaCalls.config, {}, { signal });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // The deployment's settings do not change while the page is open.
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
