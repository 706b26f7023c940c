import type { NotificationDetails } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { isNotificationGone } from '@/features/notifications/api/get-notification-data';
import { DetailsError, DetailsLoading, DetailsNotAvailable } from './details-states';
import { NotificationDetailsContent } from './notification-details-content';

type NotificationDetailsPanelProps = {
  details: UseQueryResult<NotificationDetails, unknown>;
  onDeleted: () => void;
};

/** The notification, or why it cannot be shown: loading, gone, or failed. */
export function NotificationDetailsPanel({ details, onDeleted }: NotificationDetailsPanelProps) {
  if (details.isPending) return <DetailsLoading />;
  if (details.isError) {
    return isNotificationGone(details.error) ? (
      <DetailsNotAvailable />
    ) : (
      <DetailsError onRetry={() => void details.refetch()} />
    );
  }
  return <NotificationDetailsContent details={details.data} onDeleted={onDeleted} />;
}
