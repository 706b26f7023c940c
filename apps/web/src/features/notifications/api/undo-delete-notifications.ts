import { notificationCalls } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshUnreadCounters } from '@/features/notifications/hooks/use-refresh-unread-counters';
import { inIdBatches } from './in-id-batches';
import { notificationKeys } from './notification-keys';

export function undoDeleteNotifications(ids: readonly number[]): Promise<number> {
  return inIdBatches(ids, async (batch) => {
    const answer = await api.call(notificationCalls.undoDelete, {
      body: { notification_ids: batch },
    });
    return answer.restored;
  });
}

/** Puts deleted notifications back; the lists and counters are asked again to show them. */
export function useUndoDeleteNotifications() {
  const queryClient = useQueryClient();
  const refreshCounters = useRefreshUnreadCounters();
  return useMutation({
    mutationFn: (ids: readonly number[]) => undoDeleteNotifications(ids),
    onSettled: () => {
      refreshCounters();
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
