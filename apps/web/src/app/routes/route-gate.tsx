import { isRouteAllowed, type AppRoute } from '@smt/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { PageAccessDenied } from '@/components/errors/access-denied-page';
import { landingPathOfUser } from '@/features/auth/utils/landing';

type RouteGateProps = { route: AppRoute; children: ReactNode };

/** A page the user's roles do not open shows the page-level denied screen instead (SPEC §6). */
export function RouteGate({ route, children }: RouteGateProps) {
  const { routeUser, config } = useSignedIn();
  if (isRouteAllowed(route, routeUser)) return children;
  return (
    <PageAccessDenied supportEmail={config.supportEmail} supportPhones={config.supportPhones} />
  );
}

/** The root path leads each user to their own landing page. */
export function LandingRedirect() {
  const { user } = useSignedIn();
  return <Navigate to={landingPathOfUser(user)} replace />;
}
