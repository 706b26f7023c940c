import { notificationCalls, type NotificationFilter } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** Open pages look this often for something new the engine raised (well within 30 s). */
export const NEW_NOTIFICATIONS_POLL_MS = 15_000;

/**
 * Whether the counters poll. The signed-in shell says no while the live stream tells the page
 * of every change, and yes again as soon as it drops (decision 010's poll is the fallback).
 */
export const UnreadCountersPolling = createContext(true);

export function getUnreadCounters(filter: NotificationFilter, signal?: AbortSignal) {
  // A poll the user did not ask for: it does not keep the session alive.
  return api.call(notificationCalls.unreadCounters, { body: filter }, { signal, background: true });
}

export const unreadCountersQueryOptions = (filter: NotificationFilter, polling = true) =>
  queryOptions({
    queryKey: notificationKeys.countersOf(filter),
    queryFn: ({ signal }) => getUnreadCounters(filter, signal),
    refetchInterval: polling ? NEW_NOTIFICATIONS_POLL_MS : false,
  });

/**
 * Unread counters per bucket and key; they refresh themselves while the page is open, by the
 * poll unless `polling` (or the shell's UnreadCountersPolling) says the live stream does it.
 */
export function useUnreadCounters(filter: NotificationFilter, polling?: boolean) {
  const shellPolls = useContext(UnreadCountersPolling);
  return useQuery(unreadCountersQueryOptions(filter, polling ?? shellPolls));
}
