import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AgenciesPage } from '@/features/management/components/agencies/agencies-page';

/** `/management/tools/agency` (SPEC §2.11); RouteGate lets in only the roles ROUTES gives it. */
export function ManagementAgencyRoute() {
  const { routeUser } = useSignedIn();
  // An agency manager runs the agency they made; the server refuses them a second one
  // (docs/decisions/018), so only super users and new users are offered the button.
  const mayAdd =
    isRouteAllowed(ROUTES.addAgency, routeUser) &&
    routeUser.routeRoles.some((role) => role === 'SuperUser' || role === 'NewUser');
  return <AgenciesPage addPath={mayAdd ? ROUTES.addAgency.path : undefined} />;
}
