import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES, type HomeGroupCounts } from '@smt/shared';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';
import type { HomeTotals } from '@/features/home/utils/home-totals';

// Chart.js is most of home's script: it is fetched once the figures are here, so they paint
// first and the chart follows (issue 23).
const PendingChart = lazy(() =>
  import('@/features/home/components/pending-chart').then((module) => ({
    default: module.PendingChart,
  })),
);

/** As tall as the chart, so nothing moves when it comes. */
const CHART_HEIGHT = 180;

type TotalCardProps = { byGroup: readonly HomeGroupCounts[]; totals: HomeTotals };

/** Every group's pending notifications in one bar chart, leading to the notifications screen. */
export function TotalCard({ byGroup, totals }: TotalCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={ROUTES.notifications.path}
        aria-label={`${HOME_TEXTS.total}, ${HOME_TEXTS.pendingCount(totals.pending)}, ${HOME_TEXTS.newCount(totals.new)}`}
        sx={{ height: '100%', p: 2 }}
      >
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {HOME_TEXTS.total}
            </Typography>
            <Typography color="text.secondary">
              {HOME_TEXTS.pendingCount(totals.pending)}
            </Typography>
          </Stack>
          <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
            <PendingChart byGroup={byGroup} />
          </Suspense>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
