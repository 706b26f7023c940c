import { usePushOnThisDevice } from '@/features/push/hooks/use-push-on-this-device';
import { PushPermissionCard } from '@/features/settings/components/push-permission-card';
import { SettingsPage } from '@/features/settings/components/settings-page';

/** `/settings`: this browser's push permission, and the way to the user's notification types. */
export function SettingsRoute() {
  const push = usePushOnThisDevice();
  return (
    <SettingsPage
      push={
        <PushPermissionCard
          state={push.state}
          busy={push.busy}
          onChange={(on) => void push.change(on)}
        />
      }
    />
  );
}
