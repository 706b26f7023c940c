import { notificationCalls, type CancelPnrQuoteRequest } from '@smt/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export function getCancelPnrQuote(notificationId: number, signal?: AbortSignal) {
  const body: z.input<typeof CancelPnrQuoteRequest> = { notificationId };
  // JSON, as pnr/cancel beside it is sent.
  return api.call(notificationCalls.cancelPnrQuote, { body }, { signal });
}

/**
 * The refund cancelling would bring, asked afresh each time the question opens: an answer
 * kept from an earlier look could show a refund the GDS no longer quotes.
 */
export const cancelPnrQuoteQueryOptions = (notificationId: number) =>
  queryOptions({
    queryKey: [...notificationKeys.details(notificationId), 'cancel-pnr-quote'] as const,
    queryFn: ({ signal }) => getCancelPnrQuote(notificationId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
