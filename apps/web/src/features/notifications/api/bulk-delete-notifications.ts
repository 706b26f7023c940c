import { notificationCalls, type NotificationListResponse } from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshUnreadCounters } from '@/features/notifications/hooks/use-refresh-unread-counters';
import type { NotificationListPages } from './get-notification-list';
import { inIdBatches } from './in-id-batches';
import { notificationKeys } from './notification-keys';

export function bulkDeleteNotifications(ids: readonly number[]): Promise<number> {
  return inIdBatches(ids, async (batch) => {
    const answer = await api.call(notificationCalls.bulkDelete, {
      body: { notification_ids: batch },
    });
    return answer.deleted;
  });
}

type CachedList = NotificationListPages | NotificationListResponse | undefined;

/** A cached list without the given rows, whether it is paged (the centre) or whole (a booking's). */
export function withoutNotifications(data: CachedList, ids: ReadonlySet<number>): CachedList {
  if (!data) return data;
  const keep = (page: NotificationListResponse): NotificationListResponse => ({
    ...page,
    notifications: page.notifications.filter((row) => !ids.has(row.notification_id)),
  });
  if ('pages' in data) return { ...data, pages: data.pages.map(keep) };
  if ('notifications' in data) return keep(data);
  return data;
}

/** Deletes notifications: they leave every loaded list at once, then lists and counters refresh. */
export function useBulkDeleteNotifications() {
  const queryClient = useQueryClient();
  const refreshCounters = useRefreshUnreadCounters();
  return useMutation({
    mutationFn: (ids: readonly number[]) => bulkDeleteNotifications(ids),
    onSuccess: (_deleted, ids) => {
      const gone = new Set(ids);
      queryClient.setQueriesData<CachedList>({ queryKey: notificationKeys.lists() }, (data) =>
        withoutNotifications(data, gone),
      );
    },
    // Also after a failure: a long selection may have gone in part before a later call failed.
    onSettled: () => {
      refreshCounters();
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
