import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { MonthlyStatResponse } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { BarChart } from '@/features/dashboard/components/charts/bar-chart';
import { PerMoney } from '@/features/dashboard/components/charts/per-money';
import { ChartCard } from '@/features/dashboard/components/chart-card';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { flooredKindMoneyText } from '@/features/dashboard/utils/chart-values';
import { CHART_TITLES, DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import {
  isEmptyMonthlyActual,
  isEmptyMonthlyPotential,
} from '@/features/dashboard/utils/empty-answers';
import {
  monthlyRepriceFigures,
  type RepriceFigure,
  type RepriceMeasure,
} from '@/features/dashboard/utils/monthly-figures';

const TITLE: Record<RepriceFigure, string> = {
  potential: CHART_TITLES.repricePotential,
  actual: CHART_TITLES.repriceActual,
};

const IS_EMPTY: Record<RepriceFigure, (answer: MonthlyStatResponse) => boolean> = {
  potential: isEmptyMonthlyPotential,
  actual: isEmptyMonthlyActual,
};

type MonthlyRepriceCardProps = {
  query: UseQueryResult<MonthlyStatResponse>;
  figure: RepriceFigure;
  /** Saves the chart's figures as XLS. */
  onDownload: () => Promise<void>;
};

/** Reprice potential or actual month by month: how many notifications, or how much. */
export function MonthlyRepriceCard({ query, figure, onDownload }: MonthlyRepriceCardProps) {
  const look = useChartLook();
  const [measure, setMeasure] = useState<RepriceMeasure>('notifications');
  const title = TITLE[figure];
  const colour = figure === 'potential' ? look.potential : look.actual;

  return (
    <ChartCard
      title={title}
      headingLevel="h3"
      query={query}
      isEmpty={IS_EMPTY[figure]}
      onDownload={onDownload}
      controls={
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={measure}
          aria-label={`${title}: ${DASHBOARD_TEXTS.measure}`}
          // Pressing the chosen button again answers null: a measure is always chosen.
          onChange={(_event, next: RepriceMeasure | null) => {
            if (next !== null) setMeasure(next);
          }}
        >
          <ToggleButton value="notifications">{DASHBOARD_TEXTS.notifications}</ToggleButton>
          <ToggleButton value="amount">{DASHBOARD_TEXTS.amount}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      {(answer) =>
        measure === 'notifications' ? (
          <BarChart
            name={title}
            figures={monthlyRepriceFigures(answer.months, figure, measure)}
            colours={[colour]}
            formatValue={String}
          />
        ) : (
          // Amounts of different currencies, or cash and credit, never add up: a chart each.
          <PerMoney entries={answer.currencyKinds}>
            {(money, name) => (
              <BarChart
                name={name(title)}
                figures={monthlyRepriceFigures(answer.months, figure, measure, money)}
                colours={[colour]}
                formatValue={(value) => flooredKindMoneyText(value, money.currency, money.kind)}
              />
            )}
          </PerMoney>
        )
      }
    </ChartCard>
  );
}
