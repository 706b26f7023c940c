import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAllStats } from '@/features/home/api/get-all-stats';
import { getUserStats } from '@/features/home/api/get-user-stats';
import { HOME_FIGURES_FRESH_MS, homeKeys } from '@/features/home/api/home-keys';
import type { HomeSource } from '@/features/home/utils/home-source';

/**
 * Home's counts from whichever call the source needs. One query across sources, so while a new
 * source loads the last counts stay on screen (marked as updating) instead of skeletons.
 */
export function useHomeData(source: HomeSource) {
  return useQuery({
    queryKey:
      source.kind === 'personal' ? homeKeys.personal() : homeKeys.scope(source.type, source.ids),
    queryFn: ({ signal }) =>
      source.kind === 'personal'
        ? getUserStats(signal)
        : getAllStats(source.type, source.ids, signal),
    placeholderData: keepPreviousData,
    staleTime: HOME_FIGURES_FRESH_MS,
  });
}
