import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AddAgencyPage } from '@/features/agencies/components/add-agency-page';
import { userDetailsQueryOptions } from '@/features/auth/api/get-user-details';
import { OnboardingWelcome } from '@/features/onboarding/components/onboarding-welcome';
import { managementKeys } from '@/lib/management/management-keys';

/**
 * `/management/tools/agency/add-agency` (SPEC §2.11). Once added, back to the list; whoever may
 * not open the list gets an empty form for the next one instead. A new registered user's agency
 * makes them its manager (docs/decisions/018): their roles are read again first, and with them
 * they land in their agency.
 */
export function ManagementAddAgencyRoute() {
  const { routeUser } = useSignedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const onboarding = routeUser.routeRoles.includes('NewUser');

  const onboarded = async () => {
    // Choices fetched as a new user (refused then) must not linger into the agency's pages.
    await queryClient.invalidateQueries({ queryKey: managementKeys.all });
    await queryClient.fetchQuery({ ...userDetailsQueryOptions(), staleTime: 0 });
    await navigate(ROUTES.agency.path);
  };
  const onAdded = () => {
    if (onboarding) void onboarded();
    else if (isRouteAllowed(ROUTES.agency, routeUser)) void navigate(ROUTES.agency.path);
    else setRound((current) => current + 1);
  };
  return (
    <AddAgencyPage
      key={round}
      onAdded={onAdded}
      intro={onboarding ? <OnboardingWelcome /> : undefined}
    />
  );
}
