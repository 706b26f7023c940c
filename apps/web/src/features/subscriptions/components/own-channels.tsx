import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { successMessages, type SubscriptionSettings } from '@smt/shared';
import { useId } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useSnack } from '@/components/ui/snack';
import { useSubscriptions } from '@/features/subscriptions/api/get-subscriptions';
import { useUpdateSubscriptions } from '@/features/subscriptions/api/update-subscriptions';
import { useSubscriptionEditor } from '@/features/subscriptions/hooks/use-subscription-editor';
import { rowViewOf } from '@/features/subscriptions/utils/row-view';
import { emptyRowOf } from '@/features/subscriptions/utils/subscription-rows';
import { subscriptionTexts } from '@/features/subscriptions/utils/subscription-texts';
import { ChannelGrid } from './channel-grid';

type OwnChannelsProps = { onPushWanted: () => void };

/** The signed-in user's own agent row: how they are told about their own bookings. */
export function OwnChannels({ onPushWanted }: OwnChannelsProps) {
  const query = useSubscriptions();
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {subscriptionTexts.ownTitle}
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : query.isError ? (
        <RetryAlert
          message={subscriptionTexts.loadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.ownAgentId === null ? (
        <Typography color="text.secondary">{subscriptionTexts.ownNone}</Typography>
      ) : (
        <OwnChannelsForm
          key={query.dataUpdatedAt}
          settings={query.data}
          ownAgentId={query.data.ownAgentId}
          onPushWanted={onPushWanted}
        />
      )}
    </Paper>
  );
}

type OwnChannelsFormProps = {
  settings: SubscriptionSettings;
  ownAgentId: number;
  onPushWanted: () => void;
};

function OwnChannelsForm({ settings, ownAgentId, onPushWanted }: OwnChannelsFormProps) {
  const snack = useSnack();
  const save = useUpdateSubscriptions();
  const own = settings.agents[ownAgentId];
  // The user's row, or an empty one when nothing is subscribed for them yet: an empty row
  // saved and a new row send the same items, one ENABLE per tick.
  const editor = useSubscriptionEditor(settings, (rows) => [
    rows.find((row) => row.level === 'AGENT' && row.agentId === ownAgentId) ??
      emptyRowOf({ level: 'AGENT', branchId: own?.branchId ?? 0, agentId: ownAgentId }),
  ]);
  const row = editor.rows[0];
  if (!row) return null;
  const view = rowViewOf(row, settings, settings.agents);

  const submit = () => {
    const items = editor.changes;
    if (items.some((item) => item.action === 'ENABLE' && item.media === 'PUSH')) onPushWanted();
    save.mutate(items, {
      onSuccess: () => snack.success(successMessages.settingsSaved),
      onError: (error) => snack.error(`${subscriptionTexts.saveFailed}: ${error.message}`),
    });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {subscriptionTexts.ownIntro}
      </Typography>
      <ChannelGrid
        name={view.name}
        ticked={row.ticked}
        editable
        isActive={view.isActive}
        onToggle={(process, media, on) => {
          if (on && media === 'PUSH') onPushWanted();
          editor.toggle(row.key, process, media, on);
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!editor.modified}
          loading={save.isPending}
        >
          {subscriptionTexts.save}
        </Button>
      </Stack>
    </Stack>
  );
}
