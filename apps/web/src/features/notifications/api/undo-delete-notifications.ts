import { NOTIFICATION_CALLS, UndoDeleteResponse } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshUnreadCounters } from '@/features/notifications/hooks/use-refresh-unread-counters';
import { notificationKeys } from './notification-keys';

// The most ids one call takes (BulkDeleteRequest), as for the delete it undoes.
const UNDO_MAX = 200;

export async function undoDeleteNotifications(ids: readonly number[]): Promise<number> {
  let restored = 0;
  for (let start = 0; start < ids.length; start += UNDO_MAX) {
    const answer = await api.post(
      NOTIFICATION_CALLS.undoDelete,
      { notification_ids: ids.slice(start, start + UNDO_MAX) },
      { schema: UndoDeleteResponse },
    );
    restored += answer.restored;
  }
  return restored;
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
