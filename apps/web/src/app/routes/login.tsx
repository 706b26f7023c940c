import { ROUTES, type AppEnvironment } from '@smt/shared';
import { Navigate } from 'react-router';
import { NotFoundRoute } from '@/app/routes/not-found';
import { ErrorScreen } from '@/components/errors/error-screen';
import { PageLoader } from '@/components/layout/page-loader';
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { useSession } from '@/features/auth/api/get-session';
import { useUserDetails } from '@/features/auth/api/get-user-details';
import { LoginPage } from '@/features/auth/components/login-page';
import { UserDetailsFailure } from '@/features/auth/components/user-details-failure';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { landingPathOfUser } from '@/features/auth/utils/landing';
import { AppLogo } from '@/features/shell/components/app-logo';

type LoginVariant = 'standard' | 'test' | 'debug';

const TEST_LOGIN_ENVIRONMENTS: readonly AppEnvironment[] = ['local', 'staging'];

export function LoginRoute() {
  return <LoginEntry variant="standard" />;
}

/** Captcha off, for scripts and tests; only where the server accepts the test key. */
export function LoginTestRoute() {
  return <LoginEntry variant="test" />;
}

export function LoginDebugRoute() {
  return <LoginEntry variant="debug" />;
}

function LoginEntry({ variant }: { variant: LoginVariant }) {
  const config = usePublicConfig();
  const session = useSession();

  if (config.isPending || session.isPending) return <PageLoader />;
  if (config.isError) return <ErrorScreen />;
  if (variant === 'test' && !TEST_LOGIN_ENVIRONMENTS.includes(config.data.environment)) {
    return <NotFoundRoute />;
  }
  if (session.data) return <SignedInRedirect />;
  return (
    <LoginPage
      captchaMode={variant === 'test' ? 'test-key' : 'solve'}
      termsUrl={config.data.termsUrl}
      privacyUrl={config.data.privacyUrl}
      logo={<AppLogo to={ROUTES.login.path} />}
    />
  );
}

/** A signed-in user on a login page goes to their landing page (SPEC §2.2, §4). */
function SignedInRedirect() {
  const user = useUserDetails();
  const { signOut } = useSessionActions();
  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    return (
      <UserDetailsFailure
        error={user.error}
        onRetry={() => void user.refetch()}
        onBackToLogin={() => void signOut()}
      />
    );
  }
  return <Navigate to={landingPathOfUser(user.data)} replace />;
}
