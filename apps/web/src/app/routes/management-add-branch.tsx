import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AddBranchPage } from '@/features/branches/components/add-branch-page';

/**
 * `/management/tools/branches/add-branch` (SPEC §2.11). Once added, back to the list; whoever may
 * not open the list (a new-registered user) gets an empty form for the next one instead.
 */
export function ManagementAddBranchRoute() {
  const { routeUser } = useSignedIn();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const onAdded = () => {
    if (isRouteAllowed(ROUTES.branches, routeUser)) void navigate(ROUTES.branches.path);
    else setRound((current) => current + 1);
  };
  return <AddBranchPage key={round} onAdded={onAdded} />;
}
