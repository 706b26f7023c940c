import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  successMessages,
  type Media,
  type SubscribableAgent,
  type SubscriptionSettings,
} from '@smt/shared';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { useSnack } from '@/components/ui/snack';
import { useUpdateSubscriptions } from '@/features/subscriptions/api/update-subscriptions';
import { useSubscriptionEditor } from '@/features/subscriptions/hooks/use-subscription-editor';
import { rowViewOf, type AgentLookup } from '@/features/subscriptions/utils/row-view';
import type { SubscriptionTarget } from '@/features/subscriptions/utils/subscription-rows';
import { subscriptionTexts } from '@/features/subscriptions/utils/subscription-texts';
import { useSmallScreen } from '@/lib/use-small-screen';
import { AddSubscriptionDialog } from './add-subscription-dialog';
import { SubscriptionCards } from './subscription-cards';
import { SubscriptionTable } from './subscription-table';
import type { SubscriptionViewProps } from './subscription-view-props';

type SubscriptionsFormProps = {
  settings: SubscriptionSettings;
  onPushWanted: () => void;
  onSaved: () => void;
  onSaveFailed: (message: string) => void;
};

/** The table being edited, its add dialog and Submit; mounted afresh after every reload. */
export function SubscriptionsForm({
  settings,
  onPushWanted,
  onSaved,
  onSaveFailed,
}: SubscriptionsFormProps) {
  const small = useSmallScreen();
  const snack = useSnack();
  const editor = useSubscriptionEditor(settings);
  const save = useUpdateSubscriptions();
  const [adding, setAdding] = useState(false);
  // Agents added here are not in the server's lookup until the save.
  const [addedAgents, setAddedAgents] = useState<AgentLookup>({});
  const agents = { ...settings.agents, ...addedAgents };

  const branches = Object.entries(settings.branches)
    .map(([id, branch]) => ({ id: Number(id), ...branch }))
    .sort((a, b) => a.pcc.localeCompare(b.pcc));
  // No branch in the caller's scope (an operator's role has none): there is nothing to add, so
  // neither Add nor a hint to add shows.
  const mayAdd = branches.length > 0;

  const add = (target: SubscriptionTarget, agent: SubscribableAgent | undefined, media: Media) => {
    const running = settings.branches[target.branchId]?.activeProcesses;
    if (!editor.add(target, media, running)) return false;
    if (agent) {
      setAddedAgents((current) => ({
        ...current,
        [agent.id]: { name: agent.name, initials: agent.initials, branchId: target.branchId },
      }));
    }
    return true;
  };

  const submit = () => {
    const items = editor.changes;
    if (items.some((item) => item.action === 'ENABLE' && item.media === 'PUSH')) onPushWanted();
    save.mutate(items, {
      onSuccess: () => {
        snack.success(successMessages.settingsSaved);
        onSaved();
      },
      onError: (error) => onSaveFailed(`${subscriptionTexts.saveFailed}: ${error.message}`),
    });
  };

  const viewProps: SubscriptionViewProps = {
    rows: editor.rows,
    viewOf: (row) => rowViewOf(row, settings, agents),
    onToggle: (row, process, media, on) => {
      if (on && media === 'PUSH') onPushWanted();
      editor.toggle(row.key, process, media, on);
    },
    onRemove: (row) => editor.remove(row.key),
  };

  return (
    <Stack spacing={2}>
      {(mayAdd || editor.rows.length > 0) && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {mayAdd && (
            <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {subscriptionTexts.add}
            </Button>
          )}
          <Button
            variant="contained"
            onClick={submit}
            disabled={!editor.modified}
            loading={save.isPending}
          >
            {subscriptionTexts.submit}
          </Button>
        </Stack>
      )}
      {editor.rows.length === 0 ? (
        mayAdd ? (
          <EmptyState title={subscriptionTexts.empty} />
        ) : (
          <EmptyState
            title={subscriptionTexts.nothingToSet}
            text={subscriptionTexts.nothingToSetText}
          />
        )
      ) : small ? (
        <SubscriptionCards {...viewProps} />
      ) : (
        <SubscriptionTable {...viewProps} />
      )}
      <AddSubscriptionDialog
        open={adding}
        branches={branches}
        onClose={() => setAdding(false)}
        onAdd={add}
      />
    </Stack>
  );
}
