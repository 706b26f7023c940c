import { ROUTES, type ManagedAgent } from '@smt/shared';
import { useState } from 'react';
import { deleteAgent } from '@/features/management/api/delete-agent';
import { downloadAgentCsv } from '@/features/management/api/download-agent-csv';
import { useAgentList } from '@/features/management/api/get-agent-list';
import { useManagementMutation } from '@/features/management/api/management-request';
import { updateAgentStatus } from '@/features/management/api/update-agent-status';
import { useListState } from '@/features/management/hooks/use-list-state';
import type { NameSearch } from '@/features/management/utils/list-search';
import { managementTexts } from '@/features/management/utils/management-texts';
import { AddLinkButton } from '../add-link-button';
import { FormDialog } from '../form-dialog';
import type { ManagementColumn } from '../management-columns';
import { ManagementListPage } from '../management-list-page';
import { ManagementSearchBox } from '../management-search-box';
import { RowActions } from '../row-actions';
import { StatusSwitch } from '../status-switch';
import { AgentForm } from './agent-form';

type AgentsPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
};

/** The agent list (SPEC §2.11): name, initials, branch, enabled, edit and delete. */
export function AgentsPage({ addPath }: AgentsPageProps) {
  const { search, page, setPage, applySearch } = useListState<NameSearch>({});
  const list = useAgentList(search, page);
  const status = useManagementMutation(updateAgentStatus);
  const remove = useManagementMutation(deleteAgent);
  const [editing, setEditing] = useState<ManagedAgent | null>(null);

  const columns: ManagementColumn<ManagedAgent>[] = [
    { key: 'name', label: managementTexts.name, value: (row) => row.name },
    { key: 'initials', label: managementTexts.initials, value: (row) => row.initials },
    { key: 'branch', label: managementTexts.branch, value: (row) => row.pcc },
    {
      key: 'enabled',
      label: managementTexts.enabled,
      value: (row) => (
        <StatusSwitch
          label={managementTexts.enabledOf(row.name)}
          checked={row.enabled}
          onChange={(enabled) => status.mutateAsync({ agentId: row.id, enabled })}
          doneText={(on) => managementTexts.enabledDone(row.name, on)}
        />
      ),
    },
  ];

  return (
    <>
      <ManagementListPage
        title={ROUTES.agents.title}
        addAction={addPath && <AddLinkButton to={addPath} label={ROUTES.addAgent.title} />}
        search={
          <ManagementSearchBox
            label={managementTexts.searchByNameOrInitials}
            onSearch={applySearch}
          />
        }
        list={list}
        page={page}
        onPageChange={setPage}
        columns={columns}
        nameOf={(row) => row.name}
        actions={(row) => (
          <RowActions
            name={row.name}
            onEdit={() => setEditing(row)}
            onDelete={() => remove.mutateAsync({ agentId: row.id })}
            deletedText={managementTexts.deleted('Agent')}
          />
        )}
        onDownload={() => downloadAgentCsv(search)}
        loadFailed={managementTexts.cantLoad('agents')}
      />
      <FormDialog
        open={editing !== null}
        title={managementTexts.editOf(editing?.name ?? '')}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <AgentForm
            agent={editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
    </>
  );
}
