import {
  notificationCalls,
  PNR_NOTIFICATIONS_CHUNK,
  type NotificationListRequest,
} from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessRefused } from '@/lib/retry-unless-refused';
import { notificationKeys } from './notification-keys';

// Not under notificationKeys.lists(): those hold the centre's paged lists, whose cache updates
// expect pages. This one list is one chunk.
export const bookingNotificationsKeys = {
  all: [...notificationKeys.all, 'booking'] as const,
  of: (pnr: string) => [...notificationKeys.all, 'booking', pnr] as const,
};

/** Every pending notification of one booking, in every group (SPEC §7.1 'for a booking'). */
export async function getBookingNotifications(pnr: string, signal?: AbortSignal) {
  const request = {
    pnr_key: pnr,
    chunk: PNR_NOTIFICATIONS_CHUNK,
    group: 'RECENT',
    subtype: ['Pending'],
    fetchType: 'all',
  } satisfies NotificationListRequest;
  const answer = await api.call(notificationCalls.list, { body: request }, { signal });
  return answer.notifications;
}

export const bookingNotificationsQueryOptions = (pnr: string) =>
  queryOptions({
    queryKey: bookingNotificationsKeys.of(pnr),
    queryFn: ({ signal }) => getBookingNotifications(pnr, signal),
    retry: retryUnlessRefused,
  });

export function useBookingNotifications(pnr: string) {
  return useQuery(bookingNotificationsQueryOptions(pnr));
}
