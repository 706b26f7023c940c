import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CANCELLED_SEGMENT_STATUSES,
  SEGMENT_STATUS_MEANING,
  type PublicNotification,
} from '@smt/shared';
import { useId, type ReactNode } from 'react';
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

const cancelled: readonly string[] = CANCELLED_SEGMENT_STATUSES;

/** 'UC: unable to confirm': the code the airline gave, and what it means. */
function statusText(status: string): string {
  const meaning: string | undefined = (SEGMENT_STATUS_MEANING as Record<string, string>)[status];
  return meaning ? `${status}: ${meaning}` : status;
}

/**
 * The flight number; a segment not confirmed (any status but HK) says its status beside it,
 * highlighted as the agent's details show it (SPEC §2.5), so no row reads as a held seat.
 */
function flightCell(flightNumber: string, status: string): ReactNode {
  if (status === 'HK') return flightNumber;
  return (
    <>
      {flightNumber}{' '}
      <Chip
        component="span"
        size="small"
        label={statusText(status)}
        color={cancelled.includes(status) ? 'error' : 'warning'}
        sx={{ fontWeight: 600 }}
      />
    </>
  );
}

const rowsOf = (notification: PublicNotification) =>
  notification.flights.flatMap((flight) =>
    flight.prevSegments.map((segment) => [
      routeOf(segment),
      flightCell(flight.flightNumber, segment.status),
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
