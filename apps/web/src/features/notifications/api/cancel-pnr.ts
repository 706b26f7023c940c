import {
  notificationCalls,
  type CancelPnrRequest,
  type NotificationDetails,
  type Refund,
} from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useDetailsRefresh } from '@/features/notifications/hooks/use-details-refresh';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/**
 * `expectedRefund` is the refund the agent was shown (null: shown as unknown): the server
 * cancels only while the GDS still quotes it.
 */
export function cancelPnr(notificationId: number, expectedRefund?: Refund | null) {
  const body: z.input<typeof CancelPnrRequest> =
    expectedRefund === undefined ? { notificationId } : { notificationId, expectedRefund };
  // The one notification call the product sends as JSON (SPEC §7.1).
  return api.call(notificationCalls.cancelPnr, { body });
}

export const withPnrCancelled = (details: NotificationDetails): NotificationDetails => ({
  ...details,
  data: { ...details.data, pnr: { ...details.data.pnr, is_cancelled: true } },
});

/** Cancels the notification's PNR (TicketingDue only). The answer says whether it worked. */
export function useCancelPnr(notificationId: number) {
  const queryClient = useQueryClient();
  const { afterChange } = useDetailsRefresh();
  return useMutation({
    mutationFn: (expectedRefund?: Refund | null) => cancelPnr(notificationId, expectedRefund),
    onSuccess: ({ cancellationSuccessful }) => {
      if (cancellationSuccessful) {
        queryClient.setQueryData<NotificationDetails>(
          notificationKeys.details(notificationId),
          (details) => details && withPnrCancelled(details),
        );
      }
      afterChange(notificationId);
    },
  });
}
