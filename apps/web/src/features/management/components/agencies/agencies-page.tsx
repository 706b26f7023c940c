import { ROUTES, type ManagedAgency } from '@smt/shared';
import { useState, type ReactNode } from 'react';
import { deleteAgency } from '@/features/management/api/delete-agency';
import { downloadAgencyCsv } from '@/features/management/api/download-agency-csv';
import { useAgencyList } from '@/features/management/api/get-agency-list';
import { useManagementMutation } from '@/features/management/api/management-request';
import { updateAgencyStatus } from '@/features/management/api/update-agency-status';
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
import { AgencyForm } from './agency-form';

type AgenciesPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
  /** What the empty list says, when the caller's role explains it. */
  empty?: ReactNode;
};

/** The agency list (SPEC §2.11): name, enabled, edit and delete. */
export function AgenciesPage({ addPath, empty }: AgenciesPageProps) {
  const { search, page, setPage, applySearch } = useListState<NameSearch>({});
  const list = useAgencyList(search, page);
  const status = useManagementMutation(updateAgencyStatus);
  const remove = useManagementMutation(deleteAgency);
  const [editing, setEditing] = useState<ManagedAgency | null>(null);

  const columns: ManagementColumn<ManagedAgency>[] = [
    { key: 'name', label: managementTexts.name, value: (row) => row.name },
    {
      key: 'enabled',
      label: managementTexts.enabled,
      value: (row) => (
        <StatusSwitch
          label={managementTexts.enabledOf(row.name)}
          checked={row.enabled}
          onChange={(enabled) => status.mutateAsync({ agencyId: row.id, enabled })}
          doneText={(on) => managementTexts.enabledDone(row.name, on)}
        />
      ),
    },
  ];

  return (
    <>
      <ManagementListPage
        title={ROUTES.agency.title}
        addAction={addPath && <AddLinkButton to={addPath} label={ROUTES.addAgency.title} />}
        search={<ManagementSearchBox label={managementTexts.searchByName} onSearch={applySearch} />}
        list={list}
        page={page}
        onPageChange={setPage}
        columns={columns}
        nameOf={(row) => row.name}
        actions={(row) => (
          <RowActions
            name={row.name}
            onEdit={() => setEditing(row)}
            onDelete={() => remove.mutateAsync({ agencyId: row.id })}
            deletedText={managementTexts.deleted('Agency')}
          />
        )}
        onDownload={() => downloadAgencyCsv(search)}
        loadFailed={managementTexts.cantLoad('agencies')}
        empty={empty}
      />
      <FormDialog
        open={editing !== null}
        title={managementTexts.editOf(editing?.name ?? '')}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <AgencyForm
            agency={editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
    </>
  );
}
