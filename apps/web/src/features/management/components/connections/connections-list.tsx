import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ConnectionItem, ConnectionList } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryAlert } from '@/components/ui/retry-alert';
import { managementTexts } from '@/features/management/utils/management-texts';
import type { ManagementColumn } from '../management-columns';
import { ManagementCards } from '../management-cards';
import { ManagementTable } from '../management-table';
import { connectionsTexts as texts } from './connections-texts';

const PLACEHOLDER_ROWS = 3;

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
export function ConnectionsList({
  label,
  list,
  refusal,
  columns,
  nameOf,
  actions,
}: ConnectionsListProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });

  if (list.isPending) {
    return (
      <Stack spacing={1} role="progressbar" aria-label={managementTexts.loading} aria-busy>
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  }
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
  return narrow ? (
    <ManagementCards
      label={label}
      rows={list.data.items}
      titleOf={nameOf}
      columns={columns}
      actions={actions}
    />
  ) : (
    <ManagementTable label={label} rows={list.data.items} columns={columns} actions={actions} />
  );
}
