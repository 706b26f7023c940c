import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ROUTES, type ProcessSettingsValues } from '@smt/shared';
import { useState } from 'react';
import { AddLinkButton } from '@/components/management/add-link-button';
import { FormDialog } from '@/components/management/form-dialog';
import type { ManagementColumn } from '@/components/management/management-columns';
import { ManagementListPage } from '@/components/management/management-list-page';
import { ManagementSearchBox } from '@/components/management/management-search-box';
import { deleteProcessSettings } from '@/features/process-settings/api/delete-process-settings';
import { downloadProcessSettingsCsv } from '@/features/process-settings/api/download-process-settings-csv';
import {
  useProcessSettingsList,
  type ProcessSettingsRow,
} from '@/features/process-settings/api/get-process-settings-list';
import type { NameSearch } from '@/lib/management/list-search';
import { useManagementMutation } from '@/lib/management/management-request';
import { useListState } from '@/lib/management/use-list-state';
import { ActiveProcesses, minimumSavingText } from './active-processes';
import { DefaultSettingsCard } from './default-settings-card';
import { ProcessSettingsActions } from './process-settings-actions';
import { ProcessSettingsForm, type SettingsTarget } from './process-settings-form';
import { processSettingsTexts as texts } from './process-settings-texts';

type ProcessSettingsPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
  /** Super users change the default every other branch follows. */
  mayEditDefault: boolean;
};

type Editing = { target: SettingsTarget; name: string; values: ProcessSettingsValues };

const nameOf = (row: ProcessSettingsRow) => `${row.pcc} – ${row.branchName}`;

/**
 * The process settings list (SPEC §2.11): per branch the settings the engine runs it with,
 * its own or the default's; edit, and back to the default.
 */
export function ProcessSettingsPage({ addPath, mayEditDefault }: ProcessSettingsPageProps) {
  const { search, page, setPage, applySearch } = useListState<NameSearch>({});
  const list = useProcessSettingsList(search, page);
  const backToDefault = useManagementMutation(deleteProcessSettings);
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);

  const columns: ManagementColumn<ProcessSettingsRow>[] = [
    { key: 'branch', label: texts.branch, value: nameOf },
    { key: 'agency', label: texts.agency, value: (row) => row.agencyName },
    {
      key: 'settings',
      label: texts.settings,
      value: (row) => (
        <Chip
          size="small"
          color={row.own ? 'primary' : 'default'}
          variant={row.own ? 'filled' : 'outlined'}
          label={row.own ? texts.own : texts.default}
        />
      ),
    },
    {
      key: 'active',
      label: texts.activeProcesses,
      value: (row) => <ActiveProcesses settings={row.settings} />,
    },
    {
      key: 'saving',
      label: texts.minimumSaving,
      value: (row) => minimumSavingText(row.settings),
    },
    {
      key: 'window',
      label: texts.ticketingWindow,
      value: (row) => texts.hours(row.settings.ticketingWindowHours),
    },
  ];

  return (
    <>
      <ManagementListPage
        title={ROUTES.processSettings.title}
        addAction={
          addPath && <AddLinkButton to={addPath} label={ROUTES.addProcessSettings.title} />
        }
        search={
          <Stack spacing={2}>
            {list.data && (
              <DefaultSettingsCard
                settings={list.data.defaults}
                onEdit={
                  mayEditDefault
                    ? () =>
                        setEditing({
                          target: { kind: 'default' },
                          name: texts.defaultSettings,
                          values: list.data.defaults,
                        })
                    : undefined
                }
              />
            )}
            <ManagementSearchBox label={texts.searchByBranch} onSearch={applySearch} />
          </Stack>
        }
        list={list}
        page={page}
        onPageChange={setPage}
        columns={columns}
        nameOf={nameOf}
        actions={(row) => (
          <ProcessSettingsActions
            name={nameOf(row)}
            onEdit={() =>
              setEditing({
                target: { kind: 'branch', branchId: row.branchId },
                name: nameOf(row),
                values: row.settings,
              })
            }
            onBackToDefault={
              row.own ? () => backToDefault.mutateAsync({ branchId: row.branchId }) : undefined
            }
          />
        )}
        onDownload={() => downloadProcessSettingsCsv(search)}
        loadFailed={texts.cantLoad}
      />
      <FormDialog open={editing !== null} title={texts.editOf(editing?.name ?? '')} onClose={close}>
        {editing && (
          <ProcessSettingsForm
            target={editing.target}
            values={editing.values}
            onDone={close}
            onCancel={close}
          />
        )}
      </FormDialog>
    </>
  );
}
