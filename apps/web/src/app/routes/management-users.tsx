import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { SwitchToUserButton } from '@/features/impersonation/components/switch-to-user-button';
import { UsersPage } from '@/features/users/components/users-page';
import { roleGiverOf } from '@/features/users/utils/role-choices';

/**
 * `/management/tools/users` (SPEC §2.11). Super users add on the add-user page; managers, who
 * may not open it, add their agency's users from a dialog here (docs/decisions/017).
 */
export function ManagementUsersRoute() {
  const { user, routeUser } = useSignedIn();
  const mayOpenAddPage = isRouteAllowed(ROUTES.addUser, routeUser);
  return (
    <UsersPage
      roleGiver={roleGiverOf(user.serverRoles)}
      addPath={mayOpenAddPage ? ROUTES.addUser.path : undefined}
      // Whoever is signed in, and whoever they act as, keeps their own account.
      ownIds={[user.id, ...(user.impersonatingUser ? [user.impersonatingUser.id] : [])]}
      // One switch at a time, and never to oneself.
      rowExtra={(row) =>
        user.impersonatingUser === null && row.id !== user.id ? (
          <SwitchToUserButton name={row.name} phone={row.deviceNumber} />
        ) : null
      }
    />
  );
}
