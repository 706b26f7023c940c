import { useSignedIn } from '@/app/routes/signed-in-context';
import { ConnectionsPage } from '@/features/connections/components/connections-page';

/**
 * `/management/tools/connections` (issue 22); RouteGate lets in super users and managers, and
 * the calls refuse a branch manager (connections are agency-wide).
 */
export function ManagementConnectionsRoute() {
  const { routeUser } = useSignedIn();
  return <ConnectionsPage superUser={routeUser.routeRoles.includes('SuperUser')} />;
}
