import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { connectionHelpTexts, type ConnectionItem, type ConnectionList } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ManagementColumn } from '@/components/management/management-columns';
import { ManagementRows } from '@/components/management/management-rows';
import { RowsPlaceholder } from '@/components/management/rows-placeholder';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryAlert } from '@/components/ui/retry-alert';
import { connectionsTexts as texts } from './connections-texts';

type ConnectionsListProps = {
  label: string;
  list: UseQueryResult<ConnectionList>;
  /** Why the server refused the list outright (a branch manager's scope), when it did. */
  refusal: string | undefined;
  columns: readonly ManagementColumn<ConnectionItem>[];
  nameOf: (row: ConnectionItem) => string;
  actions: (row: ConnectionItem) => ReactNode;
};

/**
 * The connections as the other management lists show theirs, without a pager or a CSV: an
 * agency has a handful. Nine columns need a wide screen, so cards serve up to 'md'.
 */
export function ConnectionsList({ list, refusal, ...shown }: ConnectionsListProps) {
  if (list.isPending) return <RowsPlaceholder rows={3} />;
  if (refusal !== undefined) {
    // Asking again changes nothing: the server's words say whom to ask instead.
    return (
      <Alert severity="info" variant="outlined">
        {refusal}
      </Alert>
    );
  }
  if (list.isError) {
    return (
      <RetryAlert
        variant="outlined"
        message={texts.cantLoad}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  // A production agency starts with no connection (docs/decisions/054): say how to make one.
  const rows = list.data.items;
  if (rows.length === 0)
    return <EmptyState title={texts.empty} text={connectionHelpTexts.connectDuffel} />;
  const table = <ManagementRows {...shown} rows={rows} cardsBelow="md" />;
  if (rows.some((row) => row.status === 'ACTIVE')) return table;
  return (
    <Stack spacing={2}>
      <Alert severity="info" variant="outlined">
        {connectionHelpTexts.connectDuffel}
      </Alert>
      {table}
    </Stack>
  );
}
