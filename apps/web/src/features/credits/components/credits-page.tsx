import AddIcon from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { CREDIT_PAGE_SIZE, ROUTES, type CreditFilter } from '@smt/shared';
import { useId, useState } from 'react';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { RetryAlert } from '@/components/ui/retry-alert';
import { downloadCreditCsv } from '@/features/credits/api/download-credit-csv';
import { useCreditList } from '@/features/credits/api/get-credit-list';
import { creditTexts } from '@/features/credits/utils/credit-texts';
import { useSmallScreen } from '@/lib/use-small-screen';
import { CreditFilters } from './credit-filters';
import { CreditRows } from './credit-rows';
import { CreditStateAction } from './credit-state-action';
import { EnterCreditForm } from './enter-credit-form';

const isFiltered = (filter: CreditFilter) =>
  Object.values(filter).some((value) => value !== undefined);

/**
 * The credits ledger (issue 36): the credits of the caller's scope, soonest to expire first,
 * with filters, a pager, their CSV, a credit entered on a booking, and each marked used or open.
 */
export function CreditsPage() {
  const [filter, setFilter] = useState<CreditFilter>({});
  const [page, setPage] = useState(0);
  const [entering, setEntering] = useState(false);
  const list = useCreditList(filter, page);
  const small = useSmallScreen();
  const dialogTitleId = useId();

  const apply = (next: CreditFilter) => {
    setFilter(next);
    setPage(0);
  };

  return (
    <Stack spacing={2}>
      <PageHeader title={ROUTES.credits.title}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <DownloadCsvButton
            onDownload={() => downloadCreditCsv(filter)}
            disabled={!list.data?.total}
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEntering(true)}>
            {creditTexts.enterCredit}
          </Button>
        </Stack>
      </PageHeader>
      <CreditFilters filter={filter} onApply={apply} />
      {list.isPending ? (
        <Stack spacing={1} role="progressbar" aria-label={creditTexts.loading} aria-busy>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={48} />
          ))}
        </Stack>
      ) : list.isError ? (
        <RetryAlert
          variant="outlined"
          message={creditTexts.cantLoad}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <Box aria-busy={list.isPlaceholderData} sx={{ position: 'relative' }}>
            {list.isPlaceholderData && (
              <LinearProgress
                aria-label={creditTexts.loading}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
              />
            )}
            {list.data.items.length === 0 ? (
              isFiltered(filter) ? (
                <EmptyState title={creditTexts.noMatch} text={creditTexts.noMatchText} />
              ) : (
                <EmptyState title={creditTexts.noCredits} text={creditTexts.noCreditsText} />
              )
            ) : (
              <CreditRows
                credits={list.data.items}
                actions={(credit) => <CreditStateAction credit={credit} />}
              />
            )}
          </Box>
          {list.data.total > 0 && (
            <TablePagination
              component="div"
              count={list.data.total}
              // A credit marked used can leave a filtered last page empty: show where rows are.
              page={Math.min(page, Math.max(0, Math.ceil(list.data.total / CREDIT_PAGE_SIZE) - 1))}
              rowsPerPage={CREDIT_PAGE_SIZE}
              rowsPerPageOptions={[]}
              onPageChange={(_event, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) => creditTexts.pagerRows(from, to, count)}
            />
          )}
        </>
      )}
      <Dialog
        open={entering}
        onClose={() => setEntering(false)}
        aria-labelledby={dialogTitleId}
        fullWidth
        maxWidth="sm"
        fullScreen={small}
      >
        <DialogTitle id={dialogTitleId}>{creditTexts.enterCredit}</DialogTitle>
        <DialogContent>
          {entering && (
            <EnterCreditForm
              onDone={() => setEntering(false)}
              onCancel={() => setEntering(false)}
            />
          )}
        </DialogContent>
      </Dialog>
    </Stack>
  );
}
