import { GROUP_OF_TYPE, type MonthlyStatResponse } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { BarChart } from '@/features/dashboard/components/charts/bar-chart';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { CHART_TITLES } from '@/features/dashboard/utils/dashboard-texts';
import { isEmptyByType } from '@/features/dashboard/utils/empty-answers';
import { byTypeFigures } from '@/features/dashboard/utils/notification-figures';

type MonthlyByTypeCardProps = {
  query: UseQueryResult<MonthlyStatResponse>;
  /** Saves the chart's figures as XLS. */
  onDownload: () => Promise<void>;
};

/** The overview's notifications per type, each bar in its group's colour. */
export function MonthlyByTypeCard({ query, onDownload }: MonthlyByTypeCardProps) {
  const look = useChartLook();
  return (
    <ChartCard
      title={CHART_TITLES.byType}
      headingLevel="h3"
      query={query}
      isEmpty={isEmptyByType}
      onDownload={onDownload}
    >
      {(answer) => (
        <BarChart
          name={CHART_TITLES.byType}
          figures={byTypeFigures(answer.byType)}
          colours={[answer.byType.map((entry) => look.groups[GROUP_OF_TYPE[entry.type]])]}
          formatValue={String}
        />
      )}
    </ChartCard>
  );
}
