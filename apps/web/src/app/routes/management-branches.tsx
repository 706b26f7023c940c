import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { BranchesPage } from '@/features/branches/components/branches-page';

/** `/management/tools/branches` (SPEC §2.11); RouteGate lets in only the roles ROUTES gives it. */
export function ManagementBranchesRoute() {
  const { routeUser } = useSignedIn();
  const mayAdd = isRouteAllowed(ROUTES.addBranch, routeUser);
  return <BranchesPage addPath={mayAdd ? ROUTES.addBranch.path : undefined} />;
}
