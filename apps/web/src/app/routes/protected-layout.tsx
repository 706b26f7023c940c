import {
  hasKnownRole,
  isRouteAllowed,
  ROUTES,
  routeRolesOf,
  type ClientConfig,
  type UserDetails,
} from '@smt/shared';
import { useMemo, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { AppAccessDenied } from '@/components/errors/access-denied-app';
import { ErrorScreen } from '@/components/errors/error-screen';
import { PageLoader } from '@/components/layout/page-loader';
import type { SignedInContext } from '@/app/routes/signed-in-context';
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { useSession } from '@/features/auth/api/get-session';
import { useUserDetails } from '@/features/auth/api/get-user-details';
import { UserDetailsFailure } from '@/features/auth/components/user-details-failure';
import { useInactivitySignOut } from '@/features/auth/hooks/use-inactivity-sign-out';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { SwitchUserButton } from '@/features/impersonation/components/switch-user-button';
import { useStopImpersonation } from '@/features/impersonation/hooks/use-stop-impersonation';
import { useNotificationsWatch } from '@/features/notifications/hooks/use-notifications-watch';
import { defaultNotificationFilter } from '@/features/notifications/utils/default-filter';
import { PushSwitch } from '@/features/push/components/push-switch';
import { useConfirmPushOfThisDevice } from '@/features/push/hooks/use-confirm-push-of-this-device';
import { turnPushOff } from '@/features/push/utils/this-device';
import { AppShell } from '@/features/shell/components/app-shell';
import type { SessionCredentials } from '@/lib/session-credentials';

/** Every route that needs a session: signed-out users go to the login page. */
export function ProtectedLayout() {
  const session = useSession();
  const config = usePublicConfig();

  if (session.isPending || config.isPending) return <PageLoader />;
  if (!session.data) return <Navigate to={ROUTES.login.path} replace />;
  if (config.isError) return <ErrorScreen />;
  return <SignedInLayout credentials={session.data} config={config.data} />;
}

type SignedInLayoutProps = { credentials: SessionCredentials; config: ClientConfig };

function SignedInLayout({ credentials, config }: SignedInLayoutProps) {
  const user = useUserDetails();
  const { signOut } = useSessionActions();
  useInactivitySignOut({
    keepLoggedIn: credentials.keepLoggedIn,
    sessionDurationMinutes: config.sessionDurationMinutes,
  });
  useConfirmPushOfThisDevice();
  const backToLogin = () => void signOut();
  // The next person to sign in on this browser must not get this user's pushes.
  const logout = async () => {
    await turnPushOff().catch(() => undefined);
    await signOut();
  };

  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    return (
      <UserDetailsFailure
        error={user.error}
        onRetry={() => void user.refetch()}
        onBackToLogin={backToLogin}
      />
    );
  }

  const routeUser = {
    routeRoles: routeRolesOf(user.data.serverRoles),
    betaFeatures: user.data.betaFeatures,
  };
  if (!hasKnownRole(routeUser)) {
    return (
      <AppAccessDenied
        supportEmail={config.supportEmail}
        supportPhones={config.supportPhones}
        onBackToLogin={backToLogin}
      />
    );
  }

  const context: SignedInContext = { user: user.data, routeUser, config };
  return (
    <SignedInShell user={user.data} config={config} onLogout={() => void logout()}>
      <Outlet context={context} />
    </SignedInShell>
  );
}

type SignedInShellProps = {
  user: UserDetails;
  config: ClientConfig;
  onLogout: () => void;
  children: ReactNode;
};

/** The shell with the header's unread count, which also watches for new notifications. */
function SignedInShell({ user, config, onLogout, children }: SignedInShellProps) {
  const filter = useMemo(() => defaultNotificationFilter(user), [user]);
  const counters = useNotificationsWatch(filter);
  const stopImpersonation = useStopImpersonation();
  // Whoever manages users may act as them; one switch at a time (SPEC §4).
  const maySwitchUser =
    user.impersonatingUser === null &&
    isRouteAllowed(ROUTES.users, {
      routeRoles: routeRolesOf(user.serverRoles),
      betaFeatures: user.betaFeatures,
    });
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
      {children}
    </AppShell>
  );
}
