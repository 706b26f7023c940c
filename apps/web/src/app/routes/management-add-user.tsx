import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AddUserPage } from '@/features/users/components/add-user-page';

/**
 * `/management/tools/add-user` (SPEC §2.11). Once added, back to the list; whoever may
 * not open the list (a new-registered user) gets an empty form for the next one instead.
 */
export function ManagementAddUserRoute() {
  const { routeUser } = useSignedIn();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const onAdded = () => {
    if (isRouteAllowed(ROUTES.users, routeUser)) void navigate(ROUTES.users.path);
    else setRound((current) => current + 1);
  };
  return <AddUserPage key={round} onAdded={onAdded} />;
}
