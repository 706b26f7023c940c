import { downloadNotificationsXls } from '@/features/dashboard/api/download-notifications-xls';
import { useYoungPqs } from '@/features/dashboard/api/get-young-pqs';
import { PriceDataChart } from '@/features/dashboard/components/charts/price-data-chart';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { CHART_TITLES } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyPriceData } from '@/features/dashboard/utils/empty-answers';

/** How many bookings of the filter have a current price quote. */
export function PriceDataCard({ request }: { request: DashboardRequest }) {
  const query = useYoungPqs(request);
  return (
    <ChartCard
      title={CHART_TITLES.priceData}
      query={query}
      isEmpty={isEmptyPriceData}
      onDownload={() => downloadNotificationsXls('YoungPqs', request)}
    >
      {(data) => <PriceDataChart name={CHART_TITLES.priceData} data={data} />}
    </ChartCard>
  );
}
