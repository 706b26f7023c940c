import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { bookingNotificationsKeys } from '@/features/notifications/api/get-booking-notifications';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { useRefreshUnreadCounters } from '@/features/notifications/hooks/use-refresh-unread-counters';

export type DetailsRefresh = {
  /** Opening marked it READ on the server: the lists and the counters are behind. */
  afterOpen: () => void;
  /** An operation, a switch or a cancelled PNR changed it: everything that shows it is behind. */
  afterChange: (notificationId: number) => void;
};

/** What the details overlay refreshes after it changed a notification (SPEC §4). */
export function useDetailsRefresh(): DetailsRefresh {
  const queryClient = useQueryClient();
  const refreshCounters = useRefreshUnreadCounters();

  const afterOpen = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: bookingNotificationsKeys.all });
    refreshCounters();
  }, [queryClient, refreshCounters]);

  const afterChange = useCallback(
    (notificationId: number) => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.details(notificationId) });
      afterOpen();
    },
    [queryClient, afterOpen],
  );

  return { afterOpen, afterChange };
}
