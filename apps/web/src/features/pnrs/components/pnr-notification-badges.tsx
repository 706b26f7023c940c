import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GROUP_LABEL, type PnrNotificationStat } from '@smt/shared';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { textOnColour } from '@/lib/theme';

type PnrNotificationBadgesProps = { stats: readonly PnrNotificationStat[] };

/** A booking's pending notifications: a badge per group in its colour, unread ones emphasised. */
export function PnrNotificationBadges({ stats }: PnrNotificationBadgesProps) {
  const shown = stats.filter((stat) => stat.total > 0);
  if (shown.length === 0) return <span>{pnrTexts.none}</span>;
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={pnrTexts.notifications}
      sx={{ flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
    >
      {shown.map((stat) => {
        const label = pnrTexts.groupStat(GROUP_LABEL[stat.group], stat.total, stat.unread);
        return (
          <Box
            component="li"
            key={stat.group}
            title={label}
            aria-label={label}
            sx={(theme) => ({
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              px: 0.75,
              borderRadius: 1,
              border: 1,
              borderColor: theme.palette.groups[stat.group],
              borderLeftWidth: theme.spacing(0.5),
            })}
          >
            <Typography variant="body2" component="span" aria-hidden>
              {stat.total}
            </Typography>
            {stat.unread > 0 && (
              <Typography
                variant="caption"
                component="span"
                aria-hidden
                sx={(theme) => ({
                  fontWeight: 700,
                  px: 0.5,
                  borderRadius: 1,
                  bgcolor: theme.palette.groups[stat.group],
                  color: textOnColour(theme.palette.groups[stat.group]),
                })}
              >
                {stat.unread}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
