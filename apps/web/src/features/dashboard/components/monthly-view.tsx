import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MonthlyStatResponse } from '@smt/shared';
import { downloadMonthlyXls } from '@/features/dashboard/api/download-monthly-xls';
import { useMonthlyStat } from '@/features/dashboard/api/get-monthly-stat';
import { MonthlyByTypeCard } from '@/features/dashboard/components/cards/monthly-by-type-card';
import { MonthlyPriceDataCard } from '@/features/dashboard/components/cards/monthly-price-data-card';
import { MonthlyRepriceCard } from '@/features/dashboard/components/cards/monthly-reprice-card';
import { ChartGrid } from '@/features/dashboard/components/chart-grid';
import { DashboardNoData } from '@/features/dashboard/components/dashboard-no-data';
import type { DashboardScope } from '@/features/dashboard/utils/dashboard-request';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyMonthly } from '@/features/dashboard/utils/empty-answers';
import { monthName } from '@/features/dashboard/utils/month-label';

/**
 * The title names the previous month as SPEC §2.6 has it, while the bars run over the six
 * months up to tomorrow by departure: said under the title so the two are not read as one.
 */
function coveredMonths({ months }: MonthlyStatResponse): string {
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined) return '';
  return DASHBOARD_TEXTS.monthlyCovers(monthName(first.month), monthName(last.month));
}

/** The monthly overview (SPEC §2.6): titled with the previous month, saying what it charts. */
export function MonthlyView({ scope }: { scope: DashboardScope }) {
  const query = useMonthlyStat(scope);

  if (query.data !== undefined && isEmptyMonthly(query.data)) return <DashboardNoData />;
  return (
    <Stack spacing={2}>
      {query.data !== undefined ? (
        <div>
          <Typography variant="h6" component="h2">
            {monthName(query.data.title)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {coveredMonths(query.data)}
          </Typography>
        </div>
      ) : (
        query.isPending && <Skeleton variant="text" width={160} sx={{ typography: 'h6' }} />
      )}
      <ChartGrid>
        <MonthlyRepriceCard
          query={query}
          figure="potential"
          onDownload={() => downloadMonthlyXls('RepricePotential', scope)}
        />
        <MonthlyRepriceCard
          query={query}
          figure="actual"
          onDownload={() => downloadMonthlyXls('RepriceActual', scope)}
        />
        <MonthlyByTypeCard
          query={query}
          onDownload={() => downloadMonthlyXls('NotificationsByType', scope)}
        />
        <MonthlyPriceDataCard
          query={query}
          onDownload={() => downloadMonthlyXls('PnrPriceData', scope)}
        />
      </ChartGrid>
    </Stack>
  );
}
