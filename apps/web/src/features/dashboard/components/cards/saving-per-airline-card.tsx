import { downloadSavingXls } from '@/features/dashboard/api/download-saving-xls';
import { useSavingPerAirline } from '@/features/dashboard/api/get-saving-per-airline';
import { ShareChart } from '@/features/dashboard/components/charts/share-chart';
import { PerMoney } from '@/features/dashboard/components/charts/per-money';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { kindMoneyText } from '@/features/dashboard/utils/chart-values';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyAirlineSaving } from '@/features/dashboard/utils/empty-answers';
import { savingPerAirlineFigures } from '@/features/dashboard/utils/saving-figures';

/** Each airline's share of the actual saving. */
export function SavingPerAirlineCard({ request }: { request: DashboardRequest }) {
  const query = useSavingPerAirline(request);
  return (
    <ChartCard
      title={CHART_TITLES.savingPerAirline}
      query={query}
      isEmpty={isEmptyAirlineSaving}
      onDownload={() => downloadSavingXls('ActualSavingPerAirline', request)}
    >
      {(answer) => (
        <PerMoney entries={answer.byCurrency}>
          {(each, name) => (
            <ShareChart
              kind="pie"
              name={name(CHART_TITLES.savingPerAirline)}
              figures={savingPerAirlineFigures(each)}
              formatValue={(value) => kindMoneyText(value, each.currency, each.kind)}
            />
          )}
        </PerMoney>
      )}
    </ChartCard>
  );
}
