import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { PNR_LIST_PAGE_SIZE, uiTexts, type PnrSearch, type PnrSort } from '@smt/shared';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { usePnrList } from '@/features/pnrs/api/get-pnr-list';
import { pnrKeys } from '@/features/pnrs/api/pnr-keys';
import { usePnrRefresh } from '@/features/pnrs/hooks/use-pnr-refresh';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { ApiError } from '@/lib/api-client';
import { useSmallScreen } from '@/lib/use-small-screen';
import { PnrCard } from './pnr-card';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PnrListError, PnrListSkeleton, PnrSearchRefused } from './pnr-list-states';
import { PnrSortControl } from './pnr-sort-control';
import { PnrTable } from './pnr-table';

type PnrListProps = {
  search: PnrSearch;
  /** 1-based. */
  page: number;
  sort: PnrSort;
  onSortChange: (sort: PnrSort) => void;
  onPageChange: (page: number) => void;
  onResetFilters: () => void;
  slots: PnrDetailsSlots;
};

/** The field messages of a refused search (400), if that is why the list failed. */
function refusedFields(error: unknown): Readonly<Record<string, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.fieldErrors && Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : null;
}

/** A page of the search: a table on large screens, cards on small ones, and the pager. */
export function PnrList({
  search,
  page,
  sort,
  onSortChange,
  onPageChange,
  onResetFilters,
  slots,
}: PnrListProps) {
  const small = useSmallScreen();
  const list = usePnrList(search, page);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // A page still on screen while the next loads belongs to another key: not refreshed there.
  usePnrRefresh(pnrKeys.list(search, page), list.isPlaceholderData ? undefined : list.data?.pnrs);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const sortControl = small && <PnrSortControl sort={sort} onSortChange={onSortChange} />;

  if (list.isPending) {
    return (
      <Stack spacing={2}>
        {sortControl}
        <PnrListSkeleton />
      </Stack>
    );
  }
  if (list.isError) {
    const fields = refusedFields(list.error);
    return fields ? (
      <PnrSearchRefused fieldErrors={fields} onReset={onResetFilters} />
    ) : (
      <PnrListError onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  }

  const { pnrs, total, totalCapped } = list.data;
  const lastPage = Math.max(1, Math.ceil(total / PNR_LIST_PAGE_SIZE));

  return (
    <Stack spacing={2}>
      {sortControl}
      <Box aria-busy={list.isPlaceholderData} sx={{ position: 'relative' }}>
        {list.isPlaceholderData && (
          <LinearProgress
            aria-label={pnrTexts.loading}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
          />
        )}
        {pnrs.length === 0 ? (
          <EmptyState title={uiTexts.noPnrs} />
        ) : small ? (
          <Stack
            component="ul"
            aria-label={pnrTexts.list}
            spacing={1}
            sx={{ m: 0, p: 0, listStyle: 'none' }}
          >
            {pnrs.map((row) => (
              <li key={row.id}>
                <PnrCard
                  row={row}
                  expanded={expanded.has(row.id)}
                  onToggle={() => toggle(row.id)}
                  slots={slots}
                />
              </li>
            ))}
          </Stack>
        ) : (
          <PnrTable
            rows={pnrs}
            sort={sort}
            onSortChange={onSortChange}
            expanded={expanded}
            onToggle={toggle}
            slots={slots}
          />
        )}
      </Box>
      {total > 0 && (
        <TablePagination
          component="div"
          count={total}
          // A bookmarked page past the end shows the last page's place in the pager.
          page={Math.min(page, lastPage) - 1}
          rowsPerPage={PNR_LIST_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => onPageChange(next + 1)}
          // The server stops counting at a limit; past it the pager says so.
          labelDisplayedRows={({ from, to, count }) =>
            pnrTexts.pagerRows(from, to, count, totalCapped)
          }
        />
      )}
    </Stack>
  );
}
