import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { UsersPage } from '@/features/management/components/users/users-page';

/**
 * `/management/tools/users` (SPEC §2.11). Super users add on the add-user page; managers, who
 * may not open it, add their agency's users from a dialog here (docs/decisions/017).
 */
export function ManagementUsersRoute() {
  const { user, routeUser } = useSignedIn();
  const mayOpenAddPage = isRouteAllowed(ROUTES.addUser, routeUser);
  return (
    <UsersPage
      superUser={user.roles.includes('SUPERUSER')}
      addPath={mayOpenAddPage ? ROUTES.addUser.path : undefined}
    />
  );
}
