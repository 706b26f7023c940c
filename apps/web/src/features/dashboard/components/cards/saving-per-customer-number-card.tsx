import { downloadSavingXls } from '@/features/dashboard/api/download-saving-xls';
import { useSavingPerCustomerNumber } from '@/features/dashboard/api/get-saving-per-customer-number';
import { BarChart } from '@/features/dashboard/components/charts/bar-chart';
import { PerMoney } from '@/features/dashboard/components/charts/per-money';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { kindMoneyText } from '@/features/dashboard/utils/chart-values';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyCustomerNumberSaving } from '@/features/dashboard/utils/empty-answers';
import { savingPerCustomerNumberFigures } from '@/features/dashboard/utils/saving-figures';

/** The potential saving of each customer number, a bar each. */
export function SavingPerCustomerNumberCard({ request }: { request: DashboardRequest }) {
  const query = useSavingPerCustomerNumber(request);
  const look = useChartLook();
  return (
    <ChartCard
      title={CHART_TITLES.savingPerCustomerNumber}
      query={query}
      isEmpty={isEmptyCustomerNumberSaving}
      onDownload={() => downloadSavingXls('PotentialPerCustomerNumber', request)}
    >
      {(answer) => (
        <PerMoney entries={answer.byCurrency}>
          {(each, name) => (
            <BarChart
              name={name(CHART_TITLES.savingPerCustomerNumber)}
              figures={savingPerCustomerNumberFigures(each)}
              colours={[look.potential]}
              formatValue={(value) => kindMoneyText(value, each.currency, each.kind)}
            />
          )}
        </PerMoney>
      )}
    </ChartCard>
  );
}
