import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GROUP_LABEL, GROUP_OF_TYPE, type NotificationHeader } from '@smt/shared';
import { onAgentsClock } from '@/lib/agent-clock';
import { formatDateTime } from '@/lib/format';
import { textOnColour } from '@/lib/theme';

type DetailsHeaderProps = { header: NotificationHeader };

/** Title, title message and when it was raised. */
export function DetailsHeader({ header }: DetailsHeaderProps) {
  const group = GROUP_OF_TYPE[header.type];
  return (
    <Stack spacing={0.5}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Chip
          size="small"
          label={GROUP_LABEL[group]}
          sx={(theme) => ({
            bgcolor: theme.palette.groups[group],
            color: textOnColour(theme.palette.groups[group]),
            fontWeight: 600,
          })}
        />
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={header.notification_time}>
            {formatDateTime(header.notification_time)}
          </time>
        </Typography>
        {header.subtype !== 'Pending' && (
          <Chip size="small" variant="outlined" label={header.subtype} />
        )}
      </Stack>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {onAgentsClock(header.title)}
      </Typography>
      {header.title_message && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {onAgentsClock(header.title_message)}
        </Typography>
      )}
    </Stack>
  );
}
