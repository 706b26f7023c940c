import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicNotification } from '@smt/shared';
import { useId } from 'react';
import { SHARE_TEXTS } from '@/features/share/share-texts';
import { flightDateTime, routeOf } from '@/features/share/utils/flight-times';
import { DetailsTable } from './details-table';
import { ShareIntro } from './share-intro';

const COLUMNS = [
  SHARE_TEXTS.route,
  SHARE_TEXTS.flightNumberColumn,
  SHARE_TEXTS.departure,
  SHARE_TEXTS.arrival,
];

const rowsOf = (notification: PublicNotification) =>
  notification.flights.flatMap((flight) =>
    flight.prevSegments.map((segment) => [
      routeOf(segment),
      flight.flightNumber,
      flightDateTime(segment.departureDate),
      flightDateTime(segment.arrivalDate),
    ]),
  );

/** A ticketing deadline told to the traveller (SPEC §2.12 TD). */
export function TicketingDue({ notification }: { notification: PublicNotification }) {
  const headingId = useId();
  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      <ShareIntro pnr={notification.pnrNumber} text={SHARE_TEXTS.ticketingDueIntro} />
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={headingId}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {SHARE_TEXTS.reservationDetails}
        </Typography>
        <DetailsTable labelledBy={headingId} columns={COLUMNS} rows={rowsOf(notification)} />
      </Paper>
    </Stack>
  );
}
