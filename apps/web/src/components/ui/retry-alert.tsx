import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

type RetryAlertProps = {
  message: string;
  onRetry: () => void;
  /** The button spins while true; a panel with no busy state leaves it out. */
  retrying?: boolean;
  variant?: 'standard' | 'outlined';
};

/** A load that failed, with a way to try again. */
export function RetryAlert({ message, onRetry, retrying, variant }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      variant={variant}
      action={
        <Button color="inherit" size="small" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
