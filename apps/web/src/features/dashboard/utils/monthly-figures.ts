import type { MonthlyStatResponse } from '@smt/shared';
import { flooredReprice, type ChartFigures } from '@/features/dashboard/utils/chart-values';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import { monthShortName } from '@/features/dashboard/utils/month-label';

/** Which reprice figure a monthly card draws. */
export type RepriceFigure = 'potential' | 'actual';

/** The Notifications / Amount toggle: how many, or how much. */
export type RepriceMeasure = 'notifications' | 'amount';

type Month = MonthlyStatResponse['months'][number];

const COUNT_OF: Record<RepriceFigure, (month: Month) => number> = {
  potential: (month) => month.repricePotentialCount,
  actual: (month) => month.repriceActualCount,
};

const AMOUNT_OF: Record<RepriceFigure, (month: Month) => number> = {
  potential: (month) => month.repricePotential,
  actual: (month) => month.repriceActual,
};

/** A bar per month: the count, or the amount rounded down as reprice amounts are (SPEC §9). */
export function monthlyRepriceFigures(
  months: readonly Month[],
  figure: RepriceFigure,
  measure: RepriceMeasure,
): ChartFigures {
  const valueOf =
    measure === 'notifications'
      ? COUNT_OF[figure]
      : (month: Month) => flooredReprice(AMOUNT_OF[figure](month));
  return {
    labels: months.map((month) => monthShortName(month.month)),
    series: [
      {
        label: measure === 'notifications' ? DASHBOARD_TEXTS.notifications : DASHBOARD_TEXTS.amount,
        values: months.map(valueOf),
      },
    ],
  };
}
