import { HomeData, NOTIFICATION_CALLS } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeKeys } from '@/features/home/api/home-keys';
import { api } from '@/lib/api-client';

/** The user's own counts per group (SPEC §7.3 userNotifications). */
export function getUserStats(signal?: AbortSignal): Promise<HomeData> {
  return api.get(NOTIFICATION_CALLS.userStats, { schema: HomeData, signal });
}

export const userStatsQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.personal(),
    queryFn: ({ signal }) => getUserStats(signal),
  });

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
