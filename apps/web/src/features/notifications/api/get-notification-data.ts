import { notificationCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDetailsRefresh } from '@/features/notifications/hooks/use-details-refresh';
import { api, isRefusedFor } from '@/lib/api-client';
import { retryUnlessRefused } from '@/lib/retry-unless-refused';
import { notificationKeys } from './notification-keys';

export function getNotificationData(notificationId: number, signal?: AbortSignal) {
  return api.call(
    notificationCalls.data,
    { body: { notification_id: notificationId } },
    { signal },
  );
}

export const notificationDataQueryOptions = (notificationId: number, onOpened?: () => void) =>
  queryOptions({
    queryKey: notificationKeys.details(notificationId),
    queryFn: async ({ signal, client, queryKey }) => {
      const firstOpen = client.getQueryData(queryKey) === undefined;
      const details = await getNotificationData(notificationId, signal);
      // Only the first load can have turned it from unread to READ; a refetch changes nothing.
      if (firstOpen) onOpened?.();
      return details;
    },
    retry: retryUnlessRefused,
  });

/** The whole notification. Loading it marks it READ on the server, so lists and counters follow. */
export function useNotificationData(notificationId: number) {
  const { afterOpen } = useDetailsRefresh();
  return useQuery(notificationDataQueryOptions(notificationId, afterOpen));
}

export const isNotificationGone = (error: unknown) =>
  isRefusedFor(error, 'notifications.not-found');
