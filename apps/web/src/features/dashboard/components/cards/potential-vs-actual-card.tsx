import { usePotentialVsActual } from '@/features/dashboard/api/get-potential-vs-actual';
import { downloadSavingXls } from '@/features/dashboard/api/download-saving-xls';
import { BarChart } from '@/features/dashboard/components/charts/bar-chart';
import { PerMoney } from '@/features/dashboard/components/charts/per-money';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { kindMoneyText } from '@/features/dashboard/utils/chart-values';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptySavingTotals } from '@/features/dashboard/utils/empty-answers';
import { potentialVsActualFigures } from '@/features/dashboard/utils/saving-figures';

/** The potential saving beside the actual one, as two bars. */
export function PotentialVsActualCard({ request }: { request: DashboardRequest }) {
  const query = usePotentialVsActual(request);
  const look = useChartLook();
  return (
    <ChartCard
      title={CHART_TITLES.potentialVsActual}
      query={query}
      isEmpty={isEmptySavingTotals}
      onDownload={() => downloadSavingXls('PotentialVsActual', request)}
    >
      {(totals) => (
        <PerMoney entries={totals.byCurrency}>
          {(each, name) => (
            <BarChart
              name={name(CHART_TITLES.potentialVsActual)}
              figures={potentialVsActualFigures(each)}
              colours={[[look.potential, look.actual]]}
              formatValue={(value) => kindMoneyText(value, each.currency, each.kind)}
            />
          )}
        </PerMoney>
      )}
    </ChartCard>
  );
}
