import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { Media, PROCESS_LABELS, SUBSCRIPTION_PROCESSES, type Process } from '@smt/shared';
import { Fragment } from 'react';
import { channelKey, type ChannelKey } from '@/features/subscriptions/utils/subscription-rows';
import { MEDIA_LABELS, subscriptionTexts } from '@/features/subscriptions/utils/subscription-texts';

type ChannelGridProps = {
  /** Whose ticks these are, for the ticks' accessible names. */
  name: string;
  ticked: ReadonlySet<ChannelKey>;
  editable: boolean;
  isActive: (process: Process) => boolean;
  onToggle: (process: Process, media: Media, on: boolean) => void;
};

/** One row's ticks as a list of processes, each with an Email and a Push tick (phones, settings). */
export function ChannelGrid({ name, ticked, editable, isActive, onToggle }: ChannelGridProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `1fr repeat(${Media.options.length}, 56px)`,
        alignItems: 'center',
        rowGap: 0,
      }}
    >
      <span />
      {Media.options.map((media) => (
        <Typography
          key={media}
          variant="caption"
          color="text.secondary"
          sx={{ textAlign: 'center' }}
        >
          {MEDIA_LABELS[media]}
        </Typography>
      ))}
      {SUBSCRIPTION_PROCESSES.map((process) => (
        <Fragment key={process}>
          <Typography
            variant="body2"
            color={isActive(process) ? 'text.primary' : 'text.disabled'}
            title={isActive(process) ? undefined : subscriptionTexts.notRunning}
          >
            {PROCESS_LABELS[process]}
          </Typography>
          {Media.options.map((media) => (
            <Box key={media} sx={{ textAlign: 'center' }}>
              <Checkbox
                size="small"
                checked={ticked.has(channelKey(process, media))}
                disabled={!editable || !isActive(process)}
                onChange={(_, checked) => onToggle(process, media, checked)}
                slotProps={{
                  input: {
                    'aria-label': subscriptionTexts.tick(name, PROCESS_LABELS[process], media),
                  },
                }}
              />
            </Box>
          ))}
        </Fragment>
      ))}
    </Box>
  );
}
