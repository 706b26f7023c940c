import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defaultNotificationRange } from '@smt/shared';
import type { ReactNode } from 'react';
import { DashboardDateFilters } from '@/features/dashboard/components/dashboard-date-filters';
import { DashboardFilterBar } from '@/features/dashboard/components/dashboard-filter-bar';
import { DashboardViewSwitch } from '@/features/dashboard/components/dashboard-view-switch';
import { DetailedView } from '@/features/dashboard/components/detailed-view';
import { MonthlyView } from '@/features/dashboard/components/monthly-view';
import { useAppliedDates } from '@/features/dashboard/hooks/use-applied-dates';
import type { DashboardSearchState } from '@/features/dashboard/hooks/use-dashboard-search-params';
import {
  dashboardDateLimits,
  dashboardDatesIssues,
} from '@/features/dashboard/utils/dashboard-dates';
import {
  dashboardRequestOf,
  type DashboardScope,
} from '@/features/dashboard/utils/dashboard-request';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type DashboardPageProps = {
  /** The view and filter of the query string (useDashboardSearchParams). */
  search: DashboardSearchState;
  /** Whose notifications the organisation selection stands for. */
  scope: DashboardScope;
  /** Super users may look three years back, others six months (SPEC §5). */
  superUser: boolean;
  organisationFilter: ReactNode;
  subscriptionAgencies: readonly number[];
};

/** The analytics dashboard (SPEC §2.6): the Monthly / Detailed switch, the filters and charts. */
export function DashboardPage({
  search,
  scope,
  superUser,
  organisationFilter,
  subscriptionAgencies,
}: DashboardPageProps) {
  const limits = dashboardDateLimits(search.today, superUser);
  const issues = dashboardDatesIssues(search.dates, limits);
  const valid = Object.keys(issues).length === 0;
  const dates = useAppliedDates(valid ? search.dates : null, () => {
    const range = defaultNotificationRange(search.today);
    return {
      notificationDateFrom: range.from,
      notificationDateTo: range.to,
      dateFilter: 'CREATION',
      from: '',
      to: '',
    };
  });

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {DASHBOARD_TEXTS.title}
        </Typography>
        <DashboardViewSwitch value={search.view} onChange={search.setView} />
      </Stack>
      <DashboardFilterBar
        organisationFilter={organisationFilter}
        subscriptionAgencies={subscriptionAgencies}
        dateFilters={
          // The monthly overview has its own window (SPEC §9), so only the detailed view dates.
          search.view === 'detailed' && (
            <DashboardDateFilters
              dates={search.dates}
              issues={issues}
              limits={limits}
              onChange={search.setDates}
            />
          )
        }
      />
      {search.view === 'monthly' ? (
        <MonthlyView scope={scope} />
      ) : (
        <DetailedView request={dashboardRequestOf(scope, dates)} />
      )}
    </Stack>
  );
}
