import { useState, type ReactNode } from 'react';
import type { NameSearch } from '@/lib/management/list-search';
import { useManagementMutation } from '@/lib/management/management-request';
import { managementTexts } from '@/lib/management/management-texts';
import { useManagedList, type ListQuery } from '@/lib/management/use-managed-list';
import { AddLinkButton } from './add-link-button';
import { statusColumn } from './status-column';
import { FormDialog } from './form-dialog';
import { KindForm, type KindFormConfig } from './kind-form';
import type { ManagementColumn } from './management-columns';
import { ManagementListPage } from './management-list-page';
import { ManagementSearchBox } from './management-search-box';
import { RowActions } from './row-actions';

/** A row of the agencies, branches or agents lists: named, and enabled or not. */
export type KindRow = { id: number; name: string; enabled: boolean };

/** What makes one kind's list page: its words, its calls and its own columns. */
type KindListConfig<Row extends KindRow> = {
  title: string;
  /** The add page's title, on the add button. */
  addTitle: string;
  searchLabel: string;
  /** 'branches', as in "Can't load branches". */
  plural: string;
  list: ListQuery<NameSearch, Row>;
  setEnabled: (row: Row, enabled: boolean) => Promise<unknown>;
  remove: (row: Row) => Promise<unknown>;
  download: (search: NameSearch) => Promise<void>;
  /** The kind's columns, between the name and the enabled switch. */
  columns: readonly ManagementColumn<Row>[];
};

/** One kind's configuration: its list page and its form, on that page and on its add page. */
export type KindConfig<
  Row extends KindRow,
  Body,
  Parent extends { id: number } = never,
> = KindListConfig<Row> & KindFormConfig<Row, Body, Parent>;

type KindListPageProps<Row extends KindRow, Body, Parent extends { id: number }> = {
  config: KindConfig<Row, Body, Parent>;
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
  /** What the empty list says, when the caller's role explains it. */
  empty?: ReactNode;
};

/**
 * The agency, branch and agent lists (SPEC §2.11): name, the kind's columns, enabled, edit and
 * delete, a search and a CSV of it.
 */
export function KindListPage<Row extends KindRow, Body, Parent extends { id: number }>({
  config,
  addPath,
  empty,
}: KindListPageProps<Row, Body, Parent>) {
  const { search, applySearch, listed } = useManagedList<NameSearch, Row>(config.list, {});
  const status = useManagementMutation((change: { row: Row; enabled: boolean }) =>
    config.setEnabled(change.row, change.enabled),
  );
  const remove = useManagementMutation(config.remove);
  const [editing, setEditing] = useState<Row | null>(null);
  const close = () => setEditing(null);

  const columns: ManagementColumn<Row>[] = [
    { key: 'name', label: managementTexts.name, value: (row) => row.name },
    ...config.columns,
    statusColumn('enabled', (row, enabled) => status.mutateAsync({ row, enabled })),
  ];

  return (
    <>
      <ManagementListPage
        title={config.title}
        addAction={addPath && <AddLinkButton to={addPath} label={config.addTitle} />}
        search={<ManagementSearchBox label={config.searchLabel} onSearch={applySearch} />}
        {...listed}
        columns={columns}
        nameOf={(row) => row.name}
        actions={(row) => (
          <RowActions
            name={row.name}
            onEdit={() => setEditing(row)}
            onDelete={() => remove.mutateAsync(row)}
            deletedText={managementTexts.deleted(config.kind)}
          />
        )}
        onDownload={() => config.download(search)}
        loadFailed={managementTexts.cantLoad(config.plural)}
        empty={empty}
      />
      <FormDialog
        open={editing !== null}
        title={managementTexts.editOf(editing?.name ?? '')}
        onClose={close}
      >
        {editing && <KindForm config={config} row={editing} onDone={close} onCancel={close} />}
      </FormDialog>
    </>
  );
}
