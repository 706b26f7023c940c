import { notificationCalls } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDetailsRefresh } from '@/features/notifications/hooks/use-details-refresh';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export function deleteNotification(notificationId: number) {
  return api.call(notificationCalls.delete, { body: { notification_id: notificationId } });
}

/** Deletes one notification; it leaves the cache at once and the lists and counters follow. */
export function useDeleteNotification(notificationId: number) {
  const queryClient = useQueryClient();
  const { afterOpen: refreshListsAndCounters } = useDetailsRefresh();
  return useMutation({
    mutationFn: () => deleteNotification(notificationId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: notificationKeys.details(notificationId) });
      refreshListsAndCounters();
    },
  });
}
