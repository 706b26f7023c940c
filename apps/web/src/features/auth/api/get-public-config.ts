import { ClientConfig, metaCalls, PUBLIC_CONFIG_ELEMENT_ID } from '@smt/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { safeParse } from 'zod/mini';
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

/** The settings the server wrote into the page, if it did and they read as settings. */
export function publicConfigOfDocument(): ClientConfig | null {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = safeParse(ClientConfig, JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Takes the page's settings into the cache, so that no screen waits for the config call. */
export function seedPublicConfig(queryClient: QueryClient): void {
  const config = publicConfigOfDocument();
  if (config) queryClient.setQueryData(publicConfigQueryKey, config);
}
