import type {
  AirlineSavingResponse,
  CustomerNumberSavingResponse,
  SavingPeriod,
  SavingTotals,
} from '@smt/shared';
import { roundedSaving, type ChartFigures } from '@/features/dashboard/utils/chart-values';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';
import { monthShortName } from '@/features/dashboard/utils/month-label';

// What the saving charts draw, savings rounded to whole units (SPEC §9).

/** One bar for the potential saving, one for the actual. */
export function potentialVsActualFigures(totals: SavingTotals): ChartFigures {
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

/** A line each for the potential and the actual saving, over the months. */
export function savingPerPeriodFigures(periods: readonly SavingPeriod[]): ChartFigures {
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
export function savingPerAirlineFigures(answer: AirlineSavingResponse): ChartFigures {
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
export function savingPerCustomerNumberFigures(answer: CustomerNumberSavingResponse): ChartFigures {
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
