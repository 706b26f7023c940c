import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { errorMessages } from '@smt/shared';
import { RetryAlert } from '@/components/ui/retry-alert';
import { filterPathLabel } from '@/features/pnrs/utils/pnr-filter-chips';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';

const PLACEHOLDER_ROWS = 5;

/** Placeholder rows while the first page loads. */
export function PnrListSkeleton() {
  return (
    <Stack spacing={1} role="progressbar" aria-label={pnrTexts.loading} aria-busy>
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}

type PnrListErrorProps = { onRetry: () => void; retrying: boolean };

/** "Can't load PNRs", with a way to try again. */
export function PnrListError(props: PnrListErrorProps) {
  return <RetryAlert variant="outlined" message={errorMessages.cantLoadPnrs} {...props} />;
}

type PnrSearchRefusedProps = { fieldErrors: Readonly<Record<string, string>>; onReset: () => void };

/** The server refused the search (a hand-edited URL): its word on each field, and a way out. */
export function PnrSearchRefused({ fieldErrors, onReset }: PnrSearchRefusedProps) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onReset}>
          {pnrTexts.reset}
        </Button>
      }
    >
      {pnrTexts.badSearch}
      <Stack component="ul" sx={{ m: 0, pl: 2.5 }}>
        {Object.entries(fieldErrors).map(([path, message]) => (
          <li key={path}>{`${filterPathLabel(path)}: ${message}`}</li>
        ))}
      </Stack>
    </Alert>
  );
}
