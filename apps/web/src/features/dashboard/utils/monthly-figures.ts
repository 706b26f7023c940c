import { sameMoney, type CurrencyKind, type MonthlyStatResponse } from '@smt/shared';
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

/**
 * A month's amount in one currency and kind: amounts of different currencies, or cash and
 * airline credit, are never summed.
 */
const amountIn = (month: Month, figure: RepriceFigure, money: CurrencyKind) =>
  month.byCurrency.find((each) => sameMoney(each, money))?.[figure] ?? 0;

/**
 * A bar per month: the count of every reprice, or the amount in one currency and kind (the
 * `money` given) rounded down as reprice amounts are (SPEC §9).
 */
export function monthlyRepriceFigures(
  months: readonly Month[],
  figure: RepriceFigure,
  measure: RepriceMeasure,
  money: CurrencyKind = { currency: '', kind: 'cash' },
): ChartFigures {
  const valueOf =
    measure === 'notifications'
      ? COUNT_OF[figure]
      : (month: Month) => flooredReprice(amountIn(month, figure, money));
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
