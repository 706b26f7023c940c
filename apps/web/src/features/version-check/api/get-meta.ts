import { META_FILE_PATH, MetaResponse } from '@smt/shared';
import { queryOptions } from '@tanstack/react-query';

export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** The version being served. Not an /api call: it sits beside the SPA and needs no session. */
export async function getMeta(): Promise<MetaResponse> {
  const response = await fetch(META_FILE_PATH, {
    cache: 'no-store',
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`meta.json answered ${response.status}`);
  return MetaResponse.parse(await response.json());
}

export const metaQueryOptions = queryOptions({
  queryKey: ['meta'],
  queryFn: getMeta,
  // Checked on load, every five minutes, and whenever the tab becomes visible again
  // (React Query's focus manager listens to visibilitychange).
  refetchInterval: VERSION_CHECK_INTERVAL_MS,
  refetchOnWindowFocus: true,
  staleTime: 0,
  // A missed check is harmless; the next one comes soon enough.
  retry: false,
});
