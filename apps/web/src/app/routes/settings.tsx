import { usePushOnThisDevice } from '@/features/push/hooks/use-push-on-this-device';
import { PushPermissionCard } from '@/features/settings/components/push-permission-card';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { OwnChannels } from '@/features/subscriptions/components/own-channels';

/** `/settings`: this browser's push permission and the user's own notification channels. */
export function SettingsRoute() {
  const push = usePushOnThisDevice();
  const wantPush = () => {
    if (push.state === 'off' && !push.busy) void push.change(true);
  };
  return (
    <SettingsPage
      push={
        <PushPermissionCard
          state={push.state}
          busy={push.busy}
          onChange={(on) => void push.change(on)}
        />
      }
      channels={<OwnChannels onPushWanted={wantPush} />}
    />
  );
}
