import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicNotification, PublicSegment } from '@smt/shared';
import { useId } from 'react';
import { SHARE_TEXTS } from '@/features/share/share-texts';
import { isCancelledFlight } from '@/features/share/utils/cancelled-flight';
import { SegmentsTable } from './segments-table';

type FlightChangeProps = { flight: PublicNotification['flights'][number] };

/** The new details name the flight too when it now flies under another number. */
function newDetailsTitle(flightNumber: string, current: readonly PublicSegment[]): string {
  const renamed = [
    ...new Set(
      current.flatMap((segment) =>
        segment.flightNumber && segment.flightNumber !== flightNumber ? [segment.flightNumber] : [],
      ),
    ),
  ];
  return renamed.length > 0
    ? `${SHARE_TEXTS.newFlightDetails}: ${renamed.join(', ')}`
    : SHARE_TEXTS.newFlightDetails;
}

/** One flight of a schedule change: what it is now (or 'Cancelled'), then what it was. */
export function FlightChange({ flight }: FlightChangeProps) {
  const headingId = useId();
  const current = flight.currSegments ?? [];
  const cancelled = isCancelledFlight(flight);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography id={headingId} variant="h6" component="h2">
          {SHARE_TEXTS.flightNumber}{' '}
          <Box component="span" sx={{ fontWeight: 'bold' }}>
            {flight.flightNumber}
          </Box>
        </Typography>
        {(current.length > 0 || cancelled) && (
          <SegmentsTable
            title={newDetailsTitle(flight.flightNumber, current)}
            segments={current}
            cancelled={cancelled}
          />
        )}
        {flight.prevSegments.length > 0 && (
          <SegmentsTable title={SHARE_TEXTS.originalFlightDetails} segments={flight.prevSegments} />
        )}
      </Stack>
    </Paper>
  );
}
