import {
  notificationCalls,
  type NotificationDetails,
  type NotificationHeader,
  type OperationCode,
} from '@smt/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDetailsRefresh } from '@/features/notifications/hooks/use-details-refresh';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export function executeOperation(notificationId: number, opCode: OperationCode) {
  return api.call(notificationCalls.execute, {
    body: { notification_id: notificationId, op_code: opCode },
  });
}

/** Puts the answer's header into the shown notification at once, before the refetch. */
export function withHeader(
  details: NotificationDetails | undefined,
  header: NotificationHeader,
): NotificationDetails | undefined {
  return details && { ...details, header: { ...details.header, ...header } };
}

/** An operation on one notification: the main action (A, C, RP) or a switch (CR, SR). */
export function useExecuteOperation(notificationId: number) {
  const queryClient = useQueryClient();
  const { afterChange } = useDetailsRefresh();
  return useMutation({
    mutationFn: (opCode: OperationCode) => executeOperation(notificationId, opCode),
    onSuccess: ({ header }) => {
      queryClient.setQueryData<NotificationDetails>(
        notificationKeys.details(notificationId),
        (details) => withHeader(details, header),
      );
      afterChange(notificationId);
    },
  });
}
