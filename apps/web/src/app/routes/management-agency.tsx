import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AgenciesPage } from '@/features/agencies/components/agencies-page';
import { OperatorEmptyAgencies } from '@/features/agencies/components/operator-empty-agencies';

/** `/management/tools/agency` (SPEC §2.11); RouteGate lets in only the roles ROUTES gives it. */
export function ManagementAgencyRoute() {
  const { routeUser } = useSignedIn();
  // An agency manager runs the agency they made; the server refuses them a second one
  // (docs/decisions/018), so only super users and new users are offered the button.
  const mayAdd =
    isRouteAllowed(ROUTES.addAgency, routeUser) &&
    routeUser.routeRoles.some((role) => role === 'SuperUser' || role === 'NewUser');
  // Operators land here (SPEC §4) with no agency in their scope (docs/decisions/033).
  const operatorOnly = routeUser.routeRoles.every((role) => role === 'Operator');
  return (
    <AgenciesPage
      addPath={mayAdd ? ROUTES.addAgency.path : undefined}
      empty={operatorOnly ? <OperatorEmptyAgencies /> : undefined}
    />
  );
}
