import {
  notificationCalls,
  NOTIFICATION_PAGE_SIZE,
  type NotificationListItem,
  type NotificationListResponse,
} from '@smt/shared';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  centreListForm,
  type CentreListQuery,
} from '@/features/notifications/utils/centre-list-query';
import { notificationKeys } from './notification-keys';

export type NotificationListPages = InfiniteData<NotificationListResponse>;

export function getNotificationList(
  query: CentreListQuery,
  offset: number,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  return api.call(
    notificationCalls.list,
    { body: { ...centreListForm(query), offset, chunk: NOTIFICATION_PAGE_SIZE } },
    { signal },
  );
}

/**
 * The next chunk starts after the rows held now: rows deleted here have left the cached pages
 * and the server's list alike, so counting what is held keeps the two in step.
 */
function nextOffset(
  lastPage: NotificationListResponse,
  pages: NotificationListResponse[],
): number | undefined {
  if (!lastPage.hasMore) return undefined;
  return pages.reduce((sum, page) => sum + page.notifications.length, 0);
}

export const notificationListQueryOptions = (query: CentreListQuery) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ pageParam, signal }) => getNotificationList(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

/** The loaded rows in order; a row that shifted into the next chunk while paging shows once. */
export function loadedNotifications(
  data: NotificationListPages | undefined,
): NotificationListItem[] {
  const seen = new Set<number>();
  const rows: NotificationListItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const row of page.notifications) {
      if (seen.has(row.notification_id)) continue;
      seen.add(row.notification_id);
      rows.push(row);
    }
  }
  return rows;
}

/** A column's notifications, NOTIFICATION_PAGE_SIZE at a time. */
export function useNotificationList(query: CentreListQuery, enabled = true) {
  return useInfiniteQuery({ ...notificationListQueryOptions(query), enabled });
}
