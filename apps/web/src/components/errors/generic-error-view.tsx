import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';

type GenericErrorViewProps = { onRetry: () => void; retrying: boolean; retryLabel: string };

/** The generic error view (SPEC §8) in place of what a page could not load, with a retry. */
export function GenericErrorView({ onRetry, retrying, retryLabel }: GenericErrorViewProps) {
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
        {retryLabel}
      </Button>
    </Stack>
  );
}
