import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AddAgencyPage } from '@/features/management/components/agencies/add-agency-page';

/**
 * `/management/tools/agency/add-agency` (SPEC §2.11). Once added, back to the list; whoever may
 * not open the list (a new-registered user) gets an empty form for the next one instead.
 */
export function ManagementAddAgencyRoute() {
  const { routeUser } = useSignedIn();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const onAdded = () => {
    if (isRouteAllowed(ROUTES.agency, routeUser)) void navigate(ROUTES.agency.path);
    else setRound((current) => current + 1);
  };
  return <AddAgencyPage key={round} onAdded={onAdded} />;
}
