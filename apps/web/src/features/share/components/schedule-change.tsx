import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicNotification } from '@smt/shared';
import { SHARE_TEXTS } from '@/features/share/share-texts';
import { FlightChange } from './flight-change';
import { ShareIntro } from './share-intro';

/** A schedule change told to the traveller (SPEC §2.12 SC). */
export function ScheduleChange({ notification }: { notification: PublicNotification }) {
  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      <ShareIntro pnr={notification.pnrNumber} text={SHARE_TEXTS.scheduleChangeIntro} />
      {notification.flights.map((flight, index) => (
        <FlightChange key={`${index}-${flight.flightNumber}`} flight={flight} />
      ))}
      <Typography sx={{ px: { xs: 2, sm: 3 } }}>{SHARE_TEXTS.scheduleChangeClosing}</Typography>
    </Stack>
  );
}
