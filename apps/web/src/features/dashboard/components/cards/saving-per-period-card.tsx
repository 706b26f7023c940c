import { downloadSavingXls } from '@/features/dashboard/api/download-saving-xls';
import { useSavingPerPeriod } from '@/features/dashboard/api/get-saving-per-period';
import { LineChart } from '@/features/dashboard/components/charts/line-chart';
import { ShareChart } from '@/features/dashboard/components/charts/share-chart';
import { PerMoney } from '@/features/dashboard/components/charts/per-money';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { kindMoneyText } from '@/features/dashboard/utils/chart-values';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptySavingPeriods } from '@/features/dashboard/utils/empty-answers';
import {
  periodsPerMoney,
  potentialVsActualFigures,
  savingPerPeriodFigures,
} from '@/features/dashboard/utils/saving-figures';

const TITLE = CHART_TITLES.savingPerPeriod;

/** Potential and actual saving month by month; a pie of the two when there is one month. */
export function SavingPerPeriodCard({ request }: { request: DashboardRequest }) {
  const query = useSavingPerPeriod(request);
  const look = useChartLook();
  return (
    <ChartCard
      title={TITLE}
      query={query}
      isEmpty={isEmptySavingPeriods}
      onDownload={() => downloadSavingXls('PotentialVsActualPerPeriod', request)}
    >
      {({ periods }) => (
        <PerMoney entries={periodsPerMoney(periods)}>
          {({ currency, kind, periods: own }, name) => {
            const formatValue = (value: number) => kindMoneyText(value, currency, kind);
            const [only] = own;
            if (only !== undefined && own.length === 1) {
              return (
                <ShareChart
                  kind="pie"
                  name={name(TITLE)}
                  figures={potentialVsActualFigures(only)}
                  colours={[look.potential, look.actual]}
                  formatValue={formatValue}
                />
              );
            }
            return (
              <LineChart
                name={name(TITLE)}
                figures={savingPerPeriodFigures(own)}
                colours={[look.potential, look.actual]}
                formatValue={formatValue}
              />
            );
          }}
        </PerMoney>
      )}
    </ChartCard>
  );
}
