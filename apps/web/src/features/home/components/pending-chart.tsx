import Box from '@mui/material/Box';
import { GROUP_LABEL, type HomeGroupCounts } from '@smt/shared';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';

/** As tall as the summary beside it on wide screens, whatever the counts. */
const CHART_HEIGHT = 180;

type PendingChartProps = { byGroup: readonly HomeGroupCounts[] };

/**
 * Pending notifications per group, a bar each in its group's colour, longest for the group with
 * the most. Drawn with elements rather than a chart library, so home's first screen carries none
 * (docs/decisions/082): a bar's length is set inline, not a style made per count.
 */
export function PendingChart({ byGroup }: PendingChartProps) {
  const most = Math.max(1, ...byGroup.map((entry) => entry.pending));
  // The bars say in words what they draw.
  const description = `${HOME_TEXTS.pendingPerGroup}: ${byGroup
    .map((entry) => `${GROUP_LABEL[entry.group]} ${entry.pending}`)
    .join(', ')}`;

  return (
    <Box
      role="img"
      aria-label={description}
      sx={{
        height: CHART_HEIGHT,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        alignContent: 'space-evenly',
        alignItems: 'center',
        columnGap: 1.5,
        typography: 'body2',
      }}
    >
      {byGroup.map((entry) => (
        <Box key={entry.group} data-group={entry.group} sx={{ display: 'contents' }}>
          <Box sx={{ color: 'text.secondary' }}>{GROUP_LABEL[entry.group]}</Box>
          <Box sx={{ height: 14, bgcolor: 'action.hover', borderRadius: 1 }}>
            <Box
              data-bar
              sx={{ height: '100%', borderRadius: 1, bgcolor: `groups.${entry.group}` }}
              style={{ width: `${(entry.pending / most) * 100}%` }}
            />
          </Box>
          <Box sx={{ fontWeight: 600, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
            {entry.pending}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
