import {
  isRouteAllowed,
  ROUTES,
  routeUserOf,
  type ClientConfig,
  type UserDetails,
} from '@smt/shared';
import { useMemo, type ReactNode } from 'react';
import { useLiveNotifications } from '@/app/routes/use-live-notifications';
import { SwitchUserButton } from '@/features/impersonation/components/switch-user-button';
import { useStopImpersonation } from '@/features/impersonation/hooks/use-stop-impersonation';
import { UnreadCountersPolling } from '@/features/notifications/api/get-unread-counters';
import { useNotificationsWatch } from '@/features/notifications/hooks/use-notifications-watch';
import { defaultNotificationFilter } from '@/features/notifications/utils/default-filter';
import { PushSwitch } from '@/features/push/components/push-switch';
import { AppShell } from '@/features/shell/components/app-shell';

type SignedInShellProps = {
  user: UserDetails;
  config: ClientConfig;
  onLogout: () => void;
  children: ReactNode;
};

/**
 * The shell with the header's unread count, which also watches for new notifications: told by
 * the live stream, or polling while it is down.
 */
export function SignedInShell({ user, config, onLogout, children }: SignedInShellProps) {
  const filter = useMemo(() => defaultNotificationFilter(user), [user]);
  const live = useLiveNotifications(user.id);
  const counters = useNotificationsWatch(filter, !live);
  const stopImpersonation = useStopImpersonation();
  // Whoever manages users may act as them; one switch at a time (SPEC §4).
  const maySwitchUser =
    user.impersonatingUser === null && isRouteAllowed(ROUTES.users, routeUserOf(user));
  return (
    <AppShell
      user={user}
      onLogout={onLogout}
      onStopImpersonation={() => void stopImpersonation()}
      config={config}
      unreadCount={counters.data?.pending.total ?? 0}
      userDialogExtras={
        <>
          <PushSwitch />
          {maySwitchUser && <SwitchUserButton />}
        </>
      }
    >
      <UnreadCountersPolling value={!live}>{children}</UnreadCountersPolling>
    </AppShell>
  );
}
