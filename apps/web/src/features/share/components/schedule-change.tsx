import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicNotification } from '@smt/shared';
import { SHARE_TEXTS } from '@/features/share/share-texts';
import { FlightChange } from './flight-change';
import { ReservationNumber } from './reservation-number';

/** A schedule change told to the traveller (SPEC §2.12 SC). */
export function ScheduleChange({ notification }: { notification: PublicNotification }) {
  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <ReservationNumber pnr={notification.pnrNumber} />
          <Typography variant="subtitle1" component="p">
            {SHARE_TEXTS.scheduleChangeIntro}
          </Typography>
        </Stack>
      </Paper>
      {notification.flights.map((flight, index) => (
        <FlightChange key={`${index}-${flight.flightNumber}`} flight={flight} />
      ))}
      <Typography sx={{ px: { xs: 2, sm: 3 } }}>{SHARE_TEXTS.scheduleChangeClosing}</Typography>
    </Stack>
  );
}
