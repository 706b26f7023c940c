import { homeCalls, type HomeData } from '@smt/shared';
import { queryOptions } from '@tanstack/react-query';
import { HOME_FIGURES_FRESH_MS, homeKeys } from '@/features/home/api/home-keys';
import { api } from '@/lib/api-client';

/** The user's own counts per group (SPEC §7.3 userNotifications). */
export function getUserStats(signal?: AbortSignal): Promise<HomeData> {
  return api.call(homeCalls.userStats, {}, { signal });
}

export const userStatsQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.personal(),
    queryFn: ({ signal }) => getUserStats(signal),
    staleTime: HOME_FIGURES_FRESH_MS,
  });
