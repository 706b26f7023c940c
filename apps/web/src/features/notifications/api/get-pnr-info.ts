import { notificationCalls } from '@smt/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export function getPnrInfo(notificationId: number, signal?: AbortSignal) {
  return api.call(
    notificationCalls.pnrInfo,
    { body: { notification_id: notificationId } },
    { signal },
  );
}

/** What the GDS says now: asked right before a reprice, never from the cache. */
export const pnrInfoQueryOptions = (notificationId: number) =>
  queryOptions({
    queryKey: [...notificationKeys.details(notificationId), 'pnr-info'] as const,
    queryFn: ({ signal }) => getPnrInfo(notificationId, signal),
    staleTime: 0,
    retry: false,
  });
