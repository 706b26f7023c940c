import Stack from '@mui/material/Stack';
import { ROUTES } from '@smt/shared';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';
import { PageHeader } from '@/components/ui/page-header';
import { downloadPnrCsv } from '@/features/pnrs/api/download-pnr-csv';
import { usePnrSearchParams } from '@/features/pnrs/hooks/use-pnr-search-params';
import { withoutFilter } from '@/features/pnrs/utils/pnr-filter-chips';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PnrFilterChips } from './pnr-filter-chips';
import { PnrList } from './pnr-list';
import { PnrSearchBar } from './pnr-search-bar';

type MyPnrsPageProps = { slots: PnrDetailsSlots };

/** My PNRs (SPEC §2.7): search, filters as chips, the agent's bookings and their CSV. */
export function MyPnrsPage({ slots }: MyPnrsPageProps) {
  const { search, page, filter, sort, applyFilter, setSort, setPage } = usePnrSearchParams();
  const resetFilters = () => applyFilter({});

  return (
    <Stack spacing={2}>
      <PageHeader title={ROUTES.myPnrs.title}>
        <DownloadCsvButton onDownload={() => downloadPnrCsv(search)} />
      </PageHeader>
      <PnrSearchBar filter={filter} onApply={applyFilter} />
      <PnrFilterChips
        filter={filter}
        onRemove={(field) => applyFilter(withoutFilter(filter, field))}
        onReset={resetFilters}
      />
      <PnrList
        search={search}
        page={page}
        sort={sort}
        onSortChange={setSort}
        onPageChange={setPage}
        onResetFilters={resetFilters}
        slots={slots}
      />
    </Stack>
  );
}
