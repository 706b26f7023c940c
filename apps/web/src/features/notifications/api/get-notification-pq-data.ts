import { notificationCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessRefused } from '@/lib/retry-unless-refused';
import { notificationKeys } from './notification-keys';

export async function getNotificationPqData(notificationId: number, signal?: AbortSignal) {
  const answer = await api.call(
    notificationCalls.pqData,
    { body: { notification_id: notificationId } },
    { signal },
  );
  return answer.pq_data;
}

// Under the details key: whatever refreshes the notification refreshes its quotes.
export const notificationPqDataQueryOptions = (notificationId: number) =>
  queryOptions({
    queryKey: [...notificationKeys.details(notificationId), 'pq'] as const,
    queryFn: ({ signal }) => getNotificationPqData(notificationId, signal),
    retry: retryUnlessRefused,
  });

/** The price quotes of a Reprice notification. */
export function useNotificationPqData(notificationId: number) {
  return useQuery(notificationPqDataQueryOptions(notificationId));
}
