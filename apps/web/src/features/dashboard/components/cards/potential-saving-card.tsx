import { downloadSavingXls } from '@/features/dashboard/api/download-saving-xls';
import { usePotentialVsActual } from '@/features/dashboard/api/get-potential-vs-actual';
import { PerMoney } from '@/features/dashboard/components/charts/per-money';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { ShareChart } from '@/features/dashboard/components/charts/share-chart';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { kindMoneyText, roundedSaving } from '@/features/dashboard/utils/chart-values';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { formatMoney } from '@/lib/format';
import { CHART_TITLES, DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

/**
 * The potential saving as a whole: the part executed reprices saved and the part still to
 * save, the total and how many opportunities make it in the hole.
 */
export function PotentialSavingCard({ request }: { request: DashboardRequest }) {
  const query = usePotentialVsActual(request);
  const look = useChartLook();
  return (
    <ChartCard
      title={CHART_TITLES.potentialSaving}
      query={query}
      isEmpty={(totals) => totals.potentialCount === 0}
      // The report kinds follow the charts (SPEC §3): this card's is 'ActualSaving'.
      onDownload={() => downloadSavingXls('ActualSaving', request)}
    >
      {(totals) => (
        <PerMoney entries={totals.byCurrency.filter((each) => each.potentialCount > 0)}>
          {(each, name) => (
            <ShareChart
              name={name(CHART_TITLES.potentialSaving)}
              kind="doughnut"
              figures={{
                labels: [DASHBOARD_TEXTS.actualSaving, DASHBOARD_TEXTS.stillToSave],
                series: [
                  {
                    label: DASHBOARD_TEXTS.saving,
                    values: [
                      roundedSaving(each.actual),
                      roundedSaving(Math.max(each.potential - each.actual, 0)),
                    ],
                  },
                ],
              }}
              formatValue={(value) => kindMoneyText(value, each.currency, each.kind)}
              colours={[look.actual, look.potential]}
              centre={[
                // The hole has room for the amount only; the caption names the kind.
                formatMoney(each.potential, each.currency),
                DASHBOARD_TEXTS.opportunities(each.potentialCount),
              ]}
            />
          )}
        </PerMoney>
      )}
    </ChartCard>
  );
}
