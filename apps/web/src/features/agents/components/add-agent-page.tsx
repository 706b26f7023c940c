import { AddKindPage } from '@/components/management/add-kind-page';
import { AGENTS } from './agent-kind';

type AddAgentPageProps = { onAdded: () => void };

/** `/management/tools/agents/add-agent`: the agent form on a page of its own. */
export function AddAgentPage({ onAdded }: AddAgentPageProps) {
  return <AddKindPage config={AGENTS} onAdded={onAdded} />;
}
