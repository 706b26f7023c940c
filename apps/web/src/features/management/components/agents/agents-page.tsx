import { ROUTES, type ManagedAgent } from '@smt/shared';
import { deleteAgent } from '@/features/management/api/delete-agent';
import { downloadAgentCsv } from '@/features/management/api/download-agent-csv';
import { useAgentList } from '@/features/management/api/get-agent-list';
import { updateAgentStatus } from '@/features/management/api/update-agent-status';
import { managementTexts } from '@/features/management/utils/management-texts';
import { KindListPage, type KindListConfig } from '../kind-list-page';
import { AgentForm } from './agent-form';

const AGENTS: KindListConfig<ManagedAgent> = {
  title: ROUTES.agents.title,
  addTitle: ROUTES.addAgent.title,
  searchLabel: managementTexts.searchByNameOrInitials,
  kind: 'Agent',
  plural: 'agents',
  useList: useAgentList,
  setEnabled: (row, enabled) => updateAgentStatus({ agentId: row.id, enabled }),
  remove: (row) => deleteAgent({ agentId: row.id }),
  download: downloadAgentCsv,
  columns: [
    { key: 'initials', label: managementTexts.initials, value: (row) => row.initials },
    { key: 'branch', label: managementTexts.branch, value: (row) => row.pcc },
  ],
  form: (agent, close) => <AgentForm agent={agent} onDone={close} onCancel={close} />,
};

type AgentsPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
};

/** The agent list (SPEC §2.11): name, initials, branch, enabled, edit and delete. */
export function AgentsPage({ addPath }: AgentsPageProps) {
  return <KindListPage config={AGENTS} addPath={addPath} />;
}
