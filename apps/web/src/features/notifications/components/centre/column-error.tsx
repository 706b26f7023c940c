import { errorMessages } from '@smt/shared';
import { RetryAlert } from '@/components/ui/retry-alert';

type ColumnErrorProps = { onRetry: () => void; retrying: boolean };

/** "Can't load notifications", with a way to try again. */
export function ColumnError(props: ColumnErrorProps) {
  return <RetryAlert variant="outlined" message={errorMessages.cantLoadNotifications} {...props} />;
}
