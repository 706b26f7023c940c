import { ROUTES, type AppEnvironment } from '@smt/shared';
import { lazy, Suspense } from 'react';
import { ErrorScreen } from '@/components/errors/error-screen';
import { PageLoader } from '@/components/layout/page-loader';
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { useSession } from '@/features/auth/api/get-session';
import { LoginPage } from '@/features/auth/components/login-page';
import { AppLogo } from '@/features/shell/components/app-logo';

// What the login page rarely shows loads when it does: the form comes first.
const NotFoundRoute = lazy(async () => ({
  default: (await import('@/app/routes/not-found')).NotFoundRoute,
}));
const SignedInRedirect = lazy(async () => ({
  default: (await import('@/app/routes/signed-in-redirect')).SignedInRedirect,
}));

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

  // The form shows while a session this browser may still hold is checked: it is what the
  // document painted before the app started, and a session found moves on from it.
  if (config.isPending) return <PageLoader />;
  if (config.isError) return <ErrorScreen />;
  if (variant === 'test' && !TEST_LOGIN_ENVIRONMENTS.includes(config.data.environment)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <NotFoundRoute />
      </Suspense>
    );
  }
  if (session.data) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SignedInRedirect />
      </Suspense>
    );
  }
  return (
    <LoginPage
      captchaMode={variant === 'test' ? 'test-key' : 'solve'}
      termsUrl={config.data.termsUrl}
      privacyUrl={config.data.privacyUrl}
      logo={<AppLogo to={ROUTES.login.path} />}
    />
  );
}
