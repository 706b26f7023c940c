import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZE } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { RetryAlert } from '@/components/ui/retry-alert';
import { managementTexts } from '@/lib/management/management-texts';
import type { ManagementColumn } from './management-columns';
import { ManagementRows } from './management-rows';
import { RowsPlaceholder } from './rows-placeholder';

type ManagementListPageProps<Row extends { id: number }> = {
  title: string;
  /** The add button or link, when the caller may add. */
  addAction?: ReactNode;
  /** The search box or the filters. */
  search: ReactNode;
  list: UseQueryResult<{ items: Row[]; total: number }>;
  /** 0-based. */
  page: number;
  onPageChange: (page: number) => void;
  columns: readonly ManagementColumn<Row>[];
  /** The name a row's card and its buttons go by. */
  nameOf: (row: Row) => string;
  actions: (row: Row) => ReactNode;
  onDownload: () => Promise<void>;
  loadFailed: string;
  /** What an empty list says instead of 'No data available', when the caller knows why. */
  empty?: ReactNode;
};

/**
 * A management list (SPEC §2.11): title, add, search, a table on large screens and cards on
 * phones, the pager with the total, the CSV of the search, and its loading and failed states.
 */
export function ManagementListPage<Row extends { id: number }>({
  title,
  addAction,
  search,
  list,
  page,
  onPageChange,
  columns,
  nameOf,
  actions,
  onDownload,
  loadFailed,
  empty = <EmptyState />,
}: ManagementListPageProps<Row>) {
  return (
    <Stack spacing={2}>
      <PageHeader title={title}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DownloadCsvButton onDownload={onDownload} disabled={!list.data?.total} />
          {addAction}
        </Stack>
      </PageHeader>
      {search}
      {list.isPending ? (
        <RowsPlaceholder rows={5} />
      ) : list.isError ? (
        <RetryAlert
          variant="outlined"
          message={loadFailed}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <Box aria-busy={list.isPlaceholderData} sx={{ position: 'relative' }}>
            {list.isPlaceholderData && (
              <LinearProgress
                aria-label={managementTexts.loading}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
              />
            )}
            {list.data.items.length === 0 ? (
              empty
            ) : (
              <ManagementRows
                label={title}
                rows={list.data.items}
                nameOf={nameOf}
                columns={columns}
                actions={actions}
              />
            )}
          </Box>
          {list.data.total > 0 && (
            <TablePagination
              component="div"
              count={list.data.total}
              // A delete can empty the last page: the pager then shows where the rows are now.
              page={Math.min(page, Math.max(0, Math.ceil(list.data.total / PAGE_SIZE) - 1))}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[]}
              onPageChange={(_event, next) => onPageChange(next)}
              labelDisplayedRows={({ from, to, count }) =>
                managementTexts.pagerRows(from, to, count)
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
