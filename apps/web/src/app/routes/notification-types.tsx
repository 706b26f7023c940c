import { usePushOnThisDevice } from '@/features/push/hooks/use-push-on-this-device';
import { NotificationTypesPage } from '@/features/subscriptions/components/notification-types-page';

/** `/notificationsSettings` (SPEC §2.8); a Push tick also lets this browser receive pushes. */
export function NotificationTypesRoute() {
  const push = usePushOnThisDevice();
  return (
    <NotificationTypesPage
      onPushWanted={() => {
        if (push.state === 'off' && !push.busy) void push.change(true);
      }}
    />
  );
}
