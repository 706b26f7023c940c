import { TICKETING_SYNC_POLL_MS, type PnrListItem, type PnrListResponse } from '@smt/shared';
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getPnrUpdates } from '@/features/pnrs/api/get-pnr-updates';
import { isRefusal } from '@/lib/retry-unless-refused';
import { refreshingJobsOf, withUpdatedRows } from '@/features/pnrs/utils/merge-pnr-rows';

/**
 * Follows one refresh: TICKETING_SYNC_POLL_MS after the last look it asks for the refresh's
 * rows, puts them into the cached page, and looks again while any is still refreshing.
 */
function followRefresh(queryClient: QueryClient, queryKey: QueryKey, syncJobId: string) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const look = async () => {
    try {
      const { pnrs } = await getPnrUpdates(syncJobId, controller.signal);
      if (controller.signal.aborted) return;
      queryClient.setQueryData<PnrListResponse>(
        queryKey,
        (page) => page && withUpdatedRows(page, pnrs),
      );
      if (pnrs.some((row) => row.updateWillAvailable)) later();
    } catch (error) {
      // A refused refresh will stay refused; the next load of the list tells the truth.
      if (!controller.signal.aborted && !isRefusal(error)) later();
    }
  };
  const later = () => {
    timer = setTimeout(() => void look(), TICKETING_SYNC_POLL_MS);
  };

  later();
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}

/**
 * Rows being refreshed from the GDS (`updateWillAvailable`) get their new state from
 * pnrUpdates, one follower per refresh (SPEC §4). `rows` are the page cached under `queryKey`.
 */
export function usePnrRefresh(queryKey: QueryKey, rows: readonly PnrListItem[] | undefined) {
  const queryClient = useQueryClient();
  // Strings, so a render with the same page and refreshes leaves the followers running.
  const keyHash = hashKey(queryKey);
  const jobs = refreshingJobsOf(rows).join('\n');

  useEffect(() => {
    if (jobs === '') return;
    // The same key as queryKey: the cache finds entries by this hash.
    const key = JSON.parse(keyHash) as QueryKey;
    // A refresh that ends changes the set and restarts the others' wait; pages rarely hold two.
    const stops = jobs.split('\n').map((job) => followRefresh(queryClient, key, job));
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, keyHash, jobs]);
}
