import { notificationCalls } from '@smt/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export function getNotificationShare(notificationId: number, signal?: AbortSignal) {
  return api.call(
    notificationCalls.share,
    { body: { notification_id: notificationId } },
    { signal },
  );
}

export const notificationShareQueryOptions = (notificationId: number) =>
  queryOptions({
    queryKey: [...notificationKeys.details(notificationId), 'share'] as const,
    queryFn: ({ signal }) => getNotificationShare(notificationId, signal),
    // A link stays valid for days; one per opening of the overlay is plenty.
    staleTime: Infinity,
    retry: false,
  });
