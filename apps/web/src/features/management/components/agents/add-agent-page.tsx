import { ROUTES } from '@smt/shared';
import { FormPage } from '../form-page';
import { AgentForm } from './agent-form';

type AddAgentPageProps = { onAdded: () => void };

/** `/management/tools/agents/add-agent`: the agent form on a page of its own. */
export function AddAgentPage({ onAdded }: AddAgentPageProps) {
  return (
    <FormPage title={ROUTES.addAgent.title}>
      <AgentForm onDone={onAdded} />
    </FormPage>
  );
}
