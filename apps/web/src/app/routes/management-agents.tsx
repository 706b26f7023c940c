import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AgentsPage } from '@/features/agents/components/agents-page';

/** `/management/tools/agents` (SPEC §2.11); RouteGate lets in only the roles ROUTES gives it. */
export function ManagementAgentsRoute() {
  const { routeUser } = useSignedIn();
  const mayAdd = isRouteAllowed(ROUTES.addAgent, routeUser);
  return <AgentsPage addPath={mayAdd ? ROUTES.addAgent.path : undefined} />;
}
