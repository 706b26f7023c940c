import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ReservationNumber } from './reservation-number';

/** The reservation number and what the message is about, above either kind of message. */
export function ShareIntro({ pnr, text }: { pnr: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <ReservationNumber pnr={pnr} />
        <Typography variant="subtitle1" component="p">
          {text}
        </Typography>
      </Stack>
    </Paper>
  );
}
