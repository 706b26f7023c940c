import Alert from '@mui/material/Alert';
import type { ConnectionItem, ConnectionList } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { ManagementColumn } from '../management-columns';
import { ManagementRows } from '../management-rows';
import { RowsPlaceholder } from '../rows-placeholder';
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
  if (list.data.items.length === 0) return <EmptyState title={texts.empty} />;
  return <ManagementRows {...shown} rows={list.data.items} cardsBelow="md" />;
}
