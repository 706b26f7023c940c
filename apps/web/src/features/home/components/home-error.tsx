import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';

type HomeErrorProps = { onRetry: () => void; retrying: boolean };

/** The generic error view (SPEC §8) in place of home's counts. */
export function HomeError({ onRetry, retrying }: HomeErrorProps) {
  return (
    <Stack
      role="alert"
      spacing={1}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p">
        {errorMessages.genericTitle}
      </Typography>
      <Typography color="text.secondary">{errorMessages.genericText}</Typography>
      <Button variant="outlined" onClick={onRetry} loading={retrying} sx={{ mt: 1 }}>
        {HOME_TEXTS.tryAgain}
      </Button>
    </Stack>
  );
}
