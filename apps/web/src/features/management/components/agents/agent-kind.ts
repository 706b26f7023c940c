import { AgentCreateBody, ROUTES, type BranchItem, type ManagedAgent } from '@smt/shared';
import type { z } from 'zod';
import { createAgent } from '@/features/management/api/create-agent';
import { deleteAgent } from '@/features/management/api/delete-agent';
import { downloadAgentCsv } from '@/features/management/api/download-agent-csv';
import { useAgentList } from '@/features/management/api/get-agent-list';
import { useBranchChoices } from '@/features/management/api/list-branch-choices';
import { updateAgent } from '@/features/management/api/update-agent';
import { updateAgentStatus } from '@/features/management/api/update-agent-status';
import { branchLabel } from '@/features/management/utils/choice-labels';
import { managementTexts } from '@/features/management/utils/management-texts';
import type { KindConfig } from '../kind-list-page';

type AgentBody = z.output<typeof AgentCreateBody>;

/** Agents: listed with their initials and branch; the form has the name, initials and branch. */
export const AGENTS: KindConfig<ManagedAgent, AgentBody, BranchItem> = {
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
  code: { name: 'initials', label: managementTexts.initials },
  parent: {
    name: 'branchId',
    label: managementTexts.branch,
    fixedLabel: (row) => row.pcc,
    // Every branch the caller may see.
    useChoices: (adding) => useBranchChoices(null, adding),
    labelOf: branchLabel,
  },
  schema: AgentCreateBody,
  create: createAgent,
  update: (row, body) => updateAgent({ ...body, agentId: row.id }),
};
