import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { alpha } from '@mui/material/styles';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';

type PnrBusyOverlayProps = { pnrNumber: string };

/**
 * A spinner over a row or card the GDS is being asked about; its parent is the positioned box.
 * It covers the content, so nothing is acted on from data about to change.
 */
export function PnrBusyOverlay({ pnrNumber }: PnrBusyOverlayProps) {
  return (
    <Box
      sx={(theme) => ({
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: alpha(theme.palette.background.paper, 0.6),
      })}
    >
      <CircularProgress size={24} aria-label={pnrTexts.refreshing(pnrNumber)} />
    </Box>
  );
}
