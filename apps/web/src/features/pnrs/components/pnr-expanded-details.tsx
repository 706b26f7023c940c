import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { PnrListItem } from '@smt/shared';
import { MainAsideLayout } from '@/components/ui/main-aside-layout';
import { usePnrDetails } from '@/features/pnrs/api/get-pnr-details';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PnrContactCard } from './pnr-contact-card';
import { PnrDetailsError } from './pnr-details-error';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { TicketingButton } from './ticketing-button';

type PnrExpandedDetailsProps = {
  row: PnrListItem;
  slots: PnrDetailsSlots;
  /** The card shows its own ticketing button; the table's row shows it here. */
  withTicketing: boolean;
};

/** An expanded booking: its details and contact beside its notifications (SPEC §2.7). */
export function PnrExpandedDetails({ row, slots, withTicketing }: PnrExpandedDetailsProps) {
  const details = usePnrDetails(row.id);

  let booking;
  if (details.isPending) {
    booking = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={pnrTexts.loadingDetails} />
      </Box>
    );
  } else if (details.isError) {
    booking = (
      <PnrDetailsError
        error={details.error}
        onRetry={() => void details.refetch()}
        retrying={details.isFetching}
      />
    );
  } else {
    booking = (
      <>
        {slots.booking(details.data)}
        <PnrContactCard contact={details.data.contact} />
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      {withTicketing && row.type === 'OTA' && <TicketingButton row={row} />}
      <MainAsideLayout
        main={booking}
        aside={<Box sx={{ minWidth: 0 }}>{slots.notifications(row.pnrNumber)}</Box>}
      />
    </Stack>
  );
}
