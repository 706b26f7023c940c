import type { NotificationFilter } from '@smt/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUnreadCounters } from '@/features/notifications/api/get-unread-counters';
import { notificationKeys } from '@/features/notifications/api/notification-keys';

/**
 * The header's counters, polled; when the newest notification changes, every notification
 * query on the page (lists, home) is fetched again, so what the engine raised shows without a
 * reload. Answers the counters.
 */
export function useNotificationsWatch(filter: NotificationFilter) {
  const queryClient = useQueryClient();
  const counters = useUnreadCounters(filter);
  const latestId = counters.data?.latestId;
  const seen = useRef<number | null | undefined>(undefined);

  // The poll's answer is an outside change; it has no event of its own to handle.
  useEffect(() => {
    if (latestId === undefined) return;
    const before = seen.current;
    seen.current = latestId;
    if (before === undefined || before === latestId) return;
    void queryClient.invalidateQueries({
      queryKey: notificationKeys.all,
      predicate: ({ queryKey }) => queryKey[1] !== notificationKeys.counters()[1],
    });
  }, [latestId, queryClient]);

  return counters;
}
