import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { HomeData } from '@smt/shared';
import { GenericErrorView } from '@/components/errors/generic-error-view';
import { EmptyState } from '@/components/ui/empty-state';
import { GroupCard } from '@/features/home/components/group-card';
import { HomeGrid } from '@/features/home/components/home-grid';
import { HomeLayout } from '@/features/home/components/home-layout';
import { HomeSkeleton } from '@/features/home/components/home-skeleton';
import { HomeSummaryPanel } from '@/features/home/components/home-summary-panel';
import { TotalCard } from '@/features/home/components/total-card';
import { useHomeData } from '@/features/home/hooks/use-home-data';
import type { HomeSource } from '@/features/home/utils/home-source';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';
import { countsInOrder, isEmptyHome, totalsOf } from '@/features/home/utils/home-totals';

type HomeDashboardProps = { source: HomeSource };

/** Home's summary by group (SPEC §2.3) for the given source, with its loading and error states. */
export function HomeDashboard({ source }: HomeDashboardProps) {
  const home = useHomeData(source);

  if (home.data === undefined) {
    if (home.isError) {
      return (
        <GenericErrorView
          onRetry={() => void home.refetch()}
          retrying={home.isFetching}
          retryLabel={HOME_TEXTS.tryAgain}
        />
      );
    }
    return <HomeSkeleton />;
  }
  return (
    <Box sx={{ position: 'relative' }} aria-busy={home.isPlaceholderData}>
      {home.isPlaceholderData && (
        <LinearProgress
          aria-label={HOME_TEXTS.updating}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      )}
      <HomeContent data={home.data} />
    </Box>
  );
}

function HomeContent({ data }: { data: HomeData }) {
  if (isEmptyHome(data)) return <EmptyState />;
  const byGroup = countsInOrder(data.byGroup);
  const totals = totalsOf(byGroup);
  return (
    <HomeLayout
      summary={<HomeSummaryPanel totals={totals} />}
      total={<TotalCard byGroup={byGroup} totals={totals} />}
      groups={
        <HomeGrid>
          {byGroup.map((counts) => (
            <GroupCard key={counts.group} counts={counts} />
          ))}
        </HomeGrid>
      }
    />
  );
}
