import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';

type PnrRefreshMarkerProps = { pnrNumber: string };

const turn = keyframes`
  from { transform: rotate(0deg); }
  to { transform: rotate(360deg); }
`;

/**
 * A small turning arrow beside a PNR the GDS is being asked about. The row keeps its last known
 * values readable and usable meanwhile; the answer replaces them in place. An icon rather than
 * a spinner's arc, which is a dot at some moments of its turn, and still where motion is
 * reduced.
 */
export function PnrRefreshMarker({ pnrNumber }: PnrRefreshMarkerProps) {
  return (
    <Tooltip title={pnrTexts.updatingFromGds} describeChild>
      <Box
        component="span"
        role="progressbar"
        aria-label={pnrTexts.updating(pnrNumber)}
        sx={{ display: 'inline-flex', flexShrink: 0, color: 'primary.main' }}
      >
        <AutorenewIcon
          sx={{
            fontSize: 16,
            animation: `${turn} 1.6s linear infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      </Box>
    </Tooltip>
  );
}
