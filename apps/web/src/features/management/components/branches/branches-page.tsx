import { ROUTES, type ManagedBranch } from '@smt/shared';
import { useState } from 'react';
import { deleteBranch } from '@/features/management/api/delete-branch';
import { downloadBranchCsv } from '@/features/management/api/download-branch-csv';
import { useBranchList } from '@/features/management/api/get-branch-list';
import { useManagementMutation } from '@/features/management/api/management-request';
import { updateBranchStatus } from '@/features/management/api/update-branch-status';
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
import { BranchForm } from './branch-form';

type BranchesPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
};

/** The branch list (SPEC §2.11): name, PCC, agency, enabled, edit and delete. */
export function BranchesPage({ addPath }: BranchesPageProps) {
  const { search, page, setPage, applySearch } = useListState<NameSearch>({});
  const list = useBranchList(search, page);
  const status = useManagementMutation(updateBranchStatus);
  const remove = useManagementMutation(deleteBranch);
  const [editing, setEditing] = useState<ManagedBranch | null>(null);

  const columns: ManagementColumn<ManagedBranch>[] = [
    { key: 'name', label: managementTexts.name, value: (row) => row.name },
    { key: 'pcc', label: managementTexts.pcc, value: (row) => row.pcc },
    { key: 'agency', label: managementTexts.agency, value: (row) => row.agencyName },
    {
      key: 'enabled',
      label: managementTexts.enabled,
      value: (row) => (
        <StatusSwitch
          label={managementTexts.enabledOf(row.name)}
          checked={row.enabled}
          onChange={(enabled) => status.mutateAsync({ branchId: row.id, enabled })}
          doneText={(on) => managementTexts.enabledDone(row.name, on)}
        />
      ),
    },
  ];

  return (
    <>
      <ManagementListPage
        title={ROUTES.branches.title}
        addAction={addPath && <AddLinkButton to={addPath} label={ROUTES.addBranch.title} />}
        search={
          <ManagementSearchBox label={managementTexts.searchByNameOrPcc} onSearch={applySearch} />
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
            onDelete={() => remove.mutateAsync({ branchId: row.id })}
            deletedText={managementTexts.deleted('Branch')}
          />
        )}
        onDownload={() => downloadBranchCsv(search)}
        loadFailed={managementTexts.cantLoad('branches')}
      />
      <FormDialog
        open={editing !== null}
        title={managementTexts.editOf(editing?.name ?? '')}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <BranchForm
            branch={editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
    </>
  );
}
