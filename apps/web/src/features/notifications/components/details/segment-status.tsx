import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CANCELLED_SEGMENT_STATUSES } from '@smt/shared';

const CONFIRMED = 'HK';

/** HK (confirmed) reads plainly; any other status stands out, cancelled ones in red. */
export function SegmentStatus({ status }: { status: string }) {
  if (status === CONFIRMED) {
    return (
      <Typography component="span" variant="body2">
        {status}
      </Typography>
    );
  }
  const cancelled = (CANCELLED_SEGMENT_STATUSES as readonly string[]).includes(status);
  return (
    <Chip
      component="span"
      size="small"
      label={status}
      color={cancelled ? 'error' : 'warning'}
      sx={{ fontWeight: 600 }}
    />
  );
}
