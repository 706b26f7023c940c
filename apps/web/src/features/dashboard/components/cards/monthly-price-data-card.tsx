import type { MonthlyStatResponse } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { PriceDataChart } from '@/features/dashboard/components/charts/price-data-chart';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { CHART_TITLES } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyMonthlyPriceData } from '@/features/dashboard/utils/empty-answers';

type MonthlyPriceDataCardProps = {
  query: UseQueryResult<MonthlyStatResponse>;
  /** Saves the chart's figures as XLS. */
  onDownload: () => Promise<void>;
};

/** The overview's bookings with and without a current price quote. */
export function MonthlyPriceDataCard({ query, onDownload }: MonthlyPriceDataCardProps) {
  return (
    <ChartCard
      title={CHART_TITLES.priceData}
      headingLevel="h3"
      query={query}
      isEmpty={isEmptyMonthlyPriceData}
      onDownload={onDownload}
    >
      {(answer) => <PriceDataChart name={CHART_TITLES.priceData} data={answer.priceData} />}
    </ChartCard>
  );
}
