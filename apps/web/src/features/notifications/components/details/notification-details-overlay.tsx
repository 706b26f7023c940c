import { errorMessages } from '@smt/shared';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import {
  isNotificationGone,
  useNotificationData,
} from '@/features/notifications/api/get-notification-data';
import { DetailsFrame } from './details-frame';
import { DetailsCrashed } from './details-states';
import { detailsTexts } from './details-texts';
import { NotificationDetailsPanel } from './notification-details-panel';

// Interface agreed between the notification centre and the details overlay.
export type NotificationDetailsOverlayProps = {
  notificationId: number;
  onClose: () => void;
  /** 'View & Manage your PNRs' is offered only to those who may open My PNRs. */
  pnrsLinkShown?: boolean;
};

/** One notification over the page it was opened from (SPEC §2.5). */
export function NotificationDetailsOverlay({
  notificationId,
  onClose,
  pnrsLinkShown = true,
}: NotificationDetailsOverlayProps) {
  const details = useNotificationData(notificationId);
  const gone = details.isError && isNotificationGone(details.error);

  return (
    <DetailsFrame
      title={gone ? errorMessages.notificationNotAvailable : detailsTexts.dialogTitle}
      onClose={onClose}
      pnrsLinkShown={pnrsLinkShown}
      pnrNumber={details.data?.data.pnr.id ?? null}
    >
      {/* Keyed by notification: opening another one starts over after a crash. */}
      <ErrorBoundary key={notificationId} fallback={<DetailsCrashed />}>
        <NotificationDetailsPanel key={notificationId} details={details} onDeleted={onClose} />
      </ErrorBoundary>
    </DetailsFrame>
  );
}
