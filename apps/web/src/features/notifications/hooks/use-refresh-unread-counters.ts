import { UNREAD_COUNT_DEBOUNCE_MS } from '@smt/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notificationKeys } from '@/features/notifications/api/notification-keys';

const timers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * Asks for the counters again a second after the last change (SPEC §4): a burst of changes,
 * like a bulk delete or a run of reads, costs one count.
 */
export function useRefreshUnreadCounters(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearTimeout(timers.get(queryClient));
    timers.set(
      queryClient,
      setTimeout(() => {
        timers.delete(queryClient);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.counters() });
      }, UNREAD_COUNT_DEBOUNCE_MS),
    );
  }, [queryClient]);
}
