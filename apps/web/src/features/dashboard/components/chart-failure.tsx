import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type ChartFailureProps = { onRetry: () => void; retrying: boolean };

/** The dashboard's load failure (SPEC §8) in place of a chart, with a way to try again. */
export function ChartFailure({ onRetry, retrying }: ChartFailureProps) {
  return (
    <Stack
      role="alert"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center', textAlign: 'center', height: '100%' }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 40 }} />
      <Typography variant="subtitle1" component="p">
        {errorMessages.dashboardFailedTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {errorMessages.dashboardFailedText}
      </Typography>
      <Button variant="outlined" size="small" onClick={onRetry} loading={retrying}>
        {DASHBOARD_TEXTS.tryAgain}
      </Button>
    </Stack>
  );
}
