import { homeCalls, type HomeData, type OrganisationLevel } from '@smt/shared';
import { queryOptions } from '@tanstack/react-query';
import { HOME_FIGURES_FRESH_MS, homeKeys } from '@/features/home/api/home-keys';
import { api } from '@/lib/api-client';

/** Counts per group over a scope (SPEC §7.3 allNotifications); no ids: the whole scope. */
export function getAllStats(
  type: OrganisationLevel,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<HomeData> {
  return api.call(homeCalls.allStats, { query: { type, id: ids } }, { signal });
}

export const allStatsQueryOptions = (type: OrganisationLevel, ids: readonly number[]) =>
  queryOptions({
    queryKey: homeKeys.scope(type, ids),
    queryFn: ({ signal }) => getAllStats(type, ids, signal),
    staleTime: HOME_FIGURES_FRESH_MS,
  });
