import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SHARE_TEXTS } from '@/features/share/share-texts';

export function ReservationNumber({ pnr }: { pnr: string }) {
  return (
    <Box>
      <Typography variant="overline" component="p" color="text.secondary">
        {SHARE_TEXTS.reservationNumber}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 'bold', letterSpacing: 1 }}>
        {pnr}
      </Typography>
    </Box>
  );
}
