import {
  moneysOf,
  sameMoney,
  type AirlineSavingResponse,
  type CurrencyKind,
  type CurrencySaving,
  type CustomerNumberSavingResponse,
  type SavingPeriod,
} from '@smt/shared';
import { roundedSaving, type ChartFigures } from '@/features/dashboard/utils/chart-values';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import { monthShortName } from '@/features/dashboard/utils/month-label';

// What the saving charts draw, savings rounded to whole units (SPEC §9), each chart in one
// currency and kind of money: a figure of several currencies, or of cash and airline credit,
// draws a chart for each (docs/decisions/036, 067).

type Savings = { potential: number; actual: number };

/** One bar for the potential saving, one for the actual. */
export function potentialVsActualFigures(totals: Savings): ChartFigures {
  return {
    labels: [DASHBOARD_TEXTS.potentialSaving, DASHBOARD_TEXTS.actualSaving],
    series: [
      {
        label: DASHBOARD_TEXTS.saving,
        values: [roundedSaving(totals.potential), roundedSaving(totals.actual)],
      },
    ],
  };
}

/** One currency and kind's savings month by month: every month, zero where it had none. */
export type CurrencyPeriods = CurrencyKind & { periods: (Savings & { month: string })[] };

/** The periods split by currency and kind, one list per currency and kind any month has. */
export function periodsPerMoney(periods: readonly SavingPeriod[]): CurrencyPeriods[] {
  return moneysOf(periods.map((period) => period.byCurrency)).map((money) => ({
    ...money,
    periods: periods.map((period) => {
      const own: CurrencySaving | undefined = period.byCurrency.find((each) =>
        sameMoney(each, money),
      );
      return { month: period.month, potential: own?.potential ?? 0, actual: own?.actual ?? 0 };
    }),
  }));
}

/** A line each for the potential and the actual saving, over the months. */
export function savingPerPeriodFigures(
  periods: readonly (Savings & { month: string })[],
): ChartFigures {
  return {
    labels: periods.map((period) => monthShortName(period.month)),
    series: [
      {
        label: DASHBOARD_TEXTS.potentialSaving,
        values: periods.map((period) => roundedSaving(period.potential)),
      },
      {
        label: DASHBOARD_TEXTS.actualSaving,
        values: periods.map((period) => roundedSaving(period.actual)),
      },
    ],
  };
}

/** A share per airline, 'Other' included as the server sums it. */
export function savingPerAirlineFigures(
  answer: Pick<AirlineSavingResponse, 'items'>,
): ChartFigures {
  return {
    labels: answer.items.map((item) => item.airline),
    series: [
      {
        label: DASHBOARD_TEXTS.actualSaving,
        values: answer.items.map((item) => roundedSaving(item.saving)),
      },
    ],
  };
}

/** A bar per customer number. */
export function savingPerCustomerNumberFigures(
  answer: Pick<CustomerNumberSavingResponse, 'items'>,
): ChartFigures {
  return {
    labels: answer.items.map((item) => item.customerNumber),
    series: [
      {
        label: DASHBOARD_TEXTS.potentialSaving,
        values: answer.items.map((item) => roundedSaving(item.saving)),
      },
    ],
  };
}
