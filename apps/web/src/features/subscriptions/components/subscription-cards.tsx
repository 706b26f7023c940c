import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { subscriptionTexts } from '@/features/subscriptions/utils/subscription-texts';
import { ChannelGrid } from './channel-grid';
import type { SubscriptionViewProps } from './subscription-view-props';

/** The table on phones: a card per branch or agent, its processes one under the other. */
export function SubscriptionCards({ rows, viewOf, onToggle, onRemove }: SubscriptionViewProps) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => {
        const view = viewOf(row);
        return (
          <Paper component="li" key={row.key} variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 1 }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="h2">
                  {view.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {view.detail}
                </Typography>
              </Stack>
              {view.editable && (
                <IconButton
                  aria-label={subscriptionTexts.remove(view.name)}
                  onClick={() => onRemove(row)}
                  size="small"
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
            <ChannelGrid
              name={view.name}
              ticked={row.ticked}
              editable={view.editable}
              isActive={view.isActive}
              onToggle={(process, media, on) => onToggle(row, process, media, on)}
            />
          </Paper>
        );
      })}
    </Stack>
  );
}
