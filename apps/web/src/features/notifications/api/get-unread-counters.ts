import { NOTIFICATION_CALLS, UnreadCountersResponse, type NotificationFilter } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** Open pages look this often for something new the engine raised (well within 30 s). */
export const NEW_NOTIFICATIONS_POLL_MS = 15_000;

export function getUnreadCounters(filter: NotificationFilter, signal?: AbortSignal) {
  // A poll the user did not ask for: it does not keep the session alive.
  return api.postJson(NOTIFICATION_CALLS.unreadCounters, filter, {
    schema: UnreadCountersResponse,
    signal,
    background: true,
  });
}

export const unreadCountersQueryOptions = (filter: NotificationFilter) =>
  queryOptions({
    queryKey: notificationKeys.countersOf(filter),
    queryFn: ({ signal }) => getUnreadCounters(filter, signal),
    refetchInterval: NEW_NOTIFICATIONS_POLL_MS,
  });

/** Unread counters per bucket and key; they refresh themselves while the page is open. */
export function useUnreadCounters(filter: NotificationFilter) {
  return useQuery(unreadCountersQueryOptions(filter));
}
