import {
  hasKnownRole,
  ROUTES,
  routeUserOf,
  signedInRouteTitleOf,
  type ClientConfig,
} from '@smt/shared';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AppAccessDenied } from '@/components/errors/access-denied-app';
import { ErrorScreen } from '@/components/errors/error-screen';
import type { SignedInContext } from '@/app/routes/signed-in-context';
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { useSession } from '@/features/auth/api/get-session';
import { useUserDetails } from '@/features/auth/api/get-user-details';
import { UserDetailsFailure } from '@/features/auth/components/user-details-failure';
import { useInactivitySignOut } from '@/features/auth/hooks/use-inactivity-sign-out';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { ShellSkeleton } from '@/features/shell/components/shell-skeleton';
import { useConfirmPushOfThisDevice } from '@/features/push/hooks/use-confirm-push-of-this-device';
import { turnPushOff } from '@/features/push/utils/this-device';
import { lazyComponent } from '@/lib/lazy-component';
import type { SessionCredentials } from '@/lib/session-credentials';

// The shell (header, drawer, dialogs, dates) is only for signed-in users: the login page
// loads without it. Once its chunk is in (a page load starts it, app/first-chunks.ts) it renders
// at once: React.lazy would suspend the first render all the same, and React holds the content
// that follows a shown fallback back for 300 ms (its fallback throttle), a third of the
// first screen's budget.
const signedInShell = lazyComponent(
  async () => (await import('@/app/routes/signed-in-shell')).SignedInShell,
);
const SignedInShell = signedInShell.Component;
// Every page of this layout shows the shell; a chunk that fails is the router's to report.
void signedInShell.preload().catch(() => undefined);

type ProtectedLayoutProps = {
  /** Starts loading the shell's and the page's chunks for a path. */
  preloadPage: (pathname: string) => void;
};

/** Every route that needs a session: signed-out users go to the login page. */
export function ProtectedLayout({ preloadPage }: ProtectedLayoutProps) {
  const session = useSession();
  const config = usePublicConfig();
  const { pathname } = useLocation();
  const signedIn = Boolean(session.data);
  // The shell's and the page's chunks load while the session and user calls are under way,
  // not one after the other once they are answered (app/start.ts starts them on a page load).
  useEffect(() => {
    if (signedIn) preloadPage(pathname);
  }, [signedIn, pathname, preloadPage]);

  if (session.isPending || config.isPending)
    return <ShellSkeleton title={signedInRouteTitleOf(pathname)} />;
  if (!session.data) return <Navigate to={ROUTES.login.path} replace />;
  if (config.isError) return <ErrorScreen />;
  return <SignedInLayout credentials={session.data} config={config.data} />;
}

type SignedInLayoutProps = { credentials: SessionCredentials; config: ClientConfig };

function SignedInLayout({ credentials, config }: SignedInLayoutProps) {
  const user = useUserDetails();
  const { pathname } = useLocation();
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

  if (user.isPending) return <ShellSkeleton title={signedInRouteTitleOf(pathname)} />;
  if (user.isError) {
    return (
      <UserDetailsFailure
        error={user.error}
        onRetry={() => void user.refetch()}
        onBackToLogin={backToLogin}
      />
    );
  }

  const routeUser = routeUserOf(user.data);
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
    <Suspense fallback={<ShellSkeleton title={signedInRouteTitleOf(pathname)} />}>
      <SignedInShell user={user.data} config={config} onLogout={() => void logout()}>
        <Outlet context={context} />
      </SignedInShell>
    </Suspense>
  );
}
