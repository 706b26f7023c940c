import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES, type HomeGroupCounts } from '@smt/shared';
import { Link as RouterLink } from 'react-router';
import { PendingChart } from '@/features/home/components/pending-chart';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';
import type { HomeTotals } from '@/features/home/utils/home-totals';

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
          <PendingChart byGroup={byGroup} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}
