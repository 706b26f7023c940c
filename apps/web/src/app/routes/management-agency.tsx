import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AgenciesPage } from '@/features/management/components/agencies/agencies-page';

/** `/management/tools/agency` (SPEC §2.11); RouteGate lets in only the roles ROUTES gives it. */
export function ManagementAgencyRoute() {
  const { routeUser } = useSignedIn();
  const mayAdd = isRouteAllowed(ROUTES.addAgency, routeUser);
  return <AgenciesPage addPath={mayAdd ? ROUTES.addAgency.path : undefined} />;
}
