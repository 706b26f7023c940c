import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { GROUP_LABEL, type HomeGroupCounts } from '@smt/shared';
import { Link as RouterLink } from 'react-router';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';
import { pendingListPath, potentialLines, potentialText } from '@/features/home/utils/home-totals';
import { textOnColour } from '@/lib/theme';

type GroupCardProps = { counts: HomeGroupCounts };

/** One group's new and pending counts, leading to its pending list. */
export function GroupCard({ counts }: GroupCardProps) {
  const theme = useTheme();
  const colour = theme.palette.groups[counts.group];
  const label = GROUP_LABEL[counts.group];
  const potential = counts.group === 'REPRICE' ? potentialText(counts.amounts) : undefined;
  const name = [
    label,
    HOME_TEXTS.pendingCount(counts.pending),
    HOME_TEXTS.newCount(counts.new),
    potential && `${HOME_TEXTS.repricePotential} ${potential}`,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Card variant="outlined" sx={{ height: '100%', borderTopWidth: 4, borderTopColor: colour }}>
      <CardActionArea
        component={RouterLink}
        to={pendingListPath(counts.group)}
        aria-label={name}
        sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'stretch' }}
      >
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            {counts.new > 0 && (
              <Chip
                size="small"
                label={HOME_TEXTS.newCount(counts.new)}
                sx={{
                  bgcolor: colour,
                  color: textOnColour(colour),
                  fontWeight: 600,
                }}
              />
            )}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
              {counts.pending}
            </Typography>
            <Typography color="text.secondary">{HOME_TEXTS.pending.toLowerCase()}</Typography>
          </Stack>
          {potential !== undefined && (
            <Typography color="text.secondary">
              {HOME_TEXTS.repricePotential}{' '}
              {/* Each currency and kind on a line of its own: cash and credit never run together. */}
              {potentialLines(counts.amounts).map((line) => (
                <Typography
                  key={line}
                  component="span"
                  color="text.primary"
                  sx={{ fontWeight: 600, display: 'block' }}
                >
                  {line}
                </Typography>
              ))}
            </Typography>
          )}
        </Stack>
      </CardActionArea>
    </Card>
  );
}
