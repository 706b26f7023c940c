import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@smt/shared';
import { useState } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useSubscriptions } from '@/features/subscriptions/api/get-subscriptions';
import { subscriptionTexts } from '@/features/subscriptions/utils/subscription-texts';
import { SubscriptionsForm } from './subscriptions-form';

type NotificationTypesPageProps = {
  /** Called when a Push tick is set or saved: this browser should be able to receive pushes. */
  onPushWanted: () => void;
};

/** `/notificationsSettings` (SPEC §2.8): who is told of which process, by e-mail or push. */
export function NotificationTypesPage({ onPushWanted }: NotificationTypesPageProps) {
  const query = useSubscriptions();
  // A failed save is kept here, above the form that the reload mounts afresh (SPEC §8).
  const [saveError, setSaveError] = useState<string | null>(null);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {ROUTES.notificationsSettings.title}
      </Typography>
      {saveError !== null && (
        <Alert severity="error" onClose={() => setSaveError(null)}>
          {saveError}
        </Alert>
      )}
      {query.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={subscriptionTexts.loading}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : query.isError ? (
        <RetryAlert
          message={subscriptionTexts.loadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <SubscriptionsForm
          key={query.dataUpdatedAt}
          settings={query.data}
          onPushWanted={onPushWanted}
          onSaved={() => setSaveError(null)}
          onSaveFailed={setSaveError}
        />
      )}
    </Stack>
  );
}
