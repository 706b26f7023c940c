import { isRouteAllowed, ROUTES } from '@smt/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { AddAgentPage } from '@/features/agents/components/add-agent-page';

/**
 * `/management/tools/agents/add-agent` (SPEC §2.11). Once added, back to the list; whoever may
 * not open the list (a new-registered user) gets an empty form for the next one instead.
 */
export function ManagementAddAgentRoute() {
  const { routeUser } = useSignedIn();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const onAdded = () => {
    if (isRouteAllowed(ROUTES.agents, routeUser)) void navigate(ROUTES.agents.path);
    else setRound((current) => current + 1);
  };
  return <AddAgentPage key={round} onAdded={onAdded} />;
}
