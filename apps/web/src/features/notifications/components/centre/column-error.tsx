import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessages } from '@smt/shared';

type ColumnErrorProps = { onRetry: () => void; retrying: boolean };

/** "Can't load notifications", with a way to try again. */
export function ColumnError({ onRetry, retrying }: ColumnErrorProps) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessages.cantLoadNotifications}
    </Alert>
  );
}
