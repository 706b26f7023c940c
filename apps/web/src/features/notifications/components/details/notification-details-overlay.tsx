// Interface agreed between the notification centre and the details overlay; being written now.
export type NotificationDetailsOverlayProps = {
  notificationId: number;
  onClose: () => void;
};

export function NotificationDetailsOverlay(_props: NotificationDetailsOverlayProps) {
  return null;
}
