import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { ProcessSettingsPage } from '@/features/process-settings/components/process-settings-page';

/** `/management/tools/process-settings` (SPEC §2.11); RouteGate lets in only its roles. */
export function ManagementProcessSettingsRoute() {
  const { routeUser } = useSignedIn();
  const mayAdd = isRouteAllowed(ROUTES.addProcessSettings, routeUser);
  return (
    <ProcessSettingsPage
      addPath={mayAdd ? ROUTES.addProcessSettings.path : undefined}
      mayEditDefault={routeUser.routeRoles.includes('SuperUser')}
    />
  );
}
