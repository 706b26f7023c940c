import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES, type PnrDetails } from '@smt/shared';
import type { ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { usePnrInfo } from '@/features/pnr-info/api/get-pnr-info';
import { isRefusedFor } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { BookingSummary } from './booking-summary';
import { CheckHistory } from './check-history';
import { PnrNotificationsList } from './pnr-notifications-list';
import { PnrSearchForm } from './pnr-search-form';
import { pnrInfoTexts as texts } from './pnr-info-texts';

type PnrInfoPageProps = {
  /** The number asked for (the page's query string), or null before any. */
  pnrNumber: string | null;
  onSearch: (pnrNumber: string) => void;
  /** The booking's passengers and flights, drawn by the notification details' own cards. */
  renderSnapshot: (details: PnrDetails) => ReactNode;
};

/** `/management/tools/pnrInfo`: any booking by number, and what the engine made of it. */
export function PnrInfoPage({ pnrNumber, onSearch, renderSnapshot }: PnrInfoPageProps) {
  const info = usePnrInfo(pnrNumber);
  // 'PNR not found' is an answer to show, not a failure to retry.
  const notFound = isRefusedFor(info.error, 'management.pnr-not-found') ? info.error.message : null;

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {ROUTES.pnrInfo.title}
      </Typography>
      <PnrSearchForm key={pnrNumber} initial={pnrNumber ?? ''} onSearch={onSearch} />
      {info.isFetching && !info.data && <CircularProgress aria-label={texts.pnrNumber} />}
      {notFound !== null && <Alert severity="info">{notFound}</Alert>}
      {info.isError && notFound === null && (
        <RetryAlert
          message={texts.cantLoad}
          onRetry={() => void info.refetch()}
          retrying={info.isFetching}
        />
      )}
      {info.data && (
        <>
          <BookingSummary info={info.data} />
          <Stack component="section" spacing={1} aria-labelledby="snapshot-heading">
            <Typography id="snapshot-heading" variant="h6" component="h2">
              {texts.snapshot}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {info.data.snapshotTakenAt
                ? texts.snapshotTaken(formatDateTime(info.data.snapshotTakenAt))
                : info.data.snapshot
                  ? texts.snapshotLive
                  : texts.noSnapshot}
            </Typography>
            {info.data.snapshot && renderSnapshot(info.data.snapshot)}
          </Stack>
          <PnrNotificationsList notifications={info.data.notifications} />
          <CheckHistory checks={info.data.checks} />
        </>
      )}
    </Stack>
  );
}
