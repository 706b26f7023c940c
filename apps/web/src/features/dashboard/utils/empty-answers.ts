import type {
  AdmPerAirlineResponse,
  AirlineSavingResponse,
  CompletedVsTotalResponse,
  CreditTotalsResponse,
  CustomerNumberSavingResponse,
  MonthlyStatResponse,
  PnrPriceData,
  SavingPeriodsResponse,
  SavingTotals,
} from '@smt/shared';

// When an answer has nothing to chart: the card says so instead of drawing an empty frame.

export const isEmptyCompletedVsTotal = (answer: CompletedVsTotalResponse) =>
  answer.entries.every((entry) => entry.total === 0);

export const isEmptySavingTotals = (totals: SavingTotals) =>
  totals.potentialCount === 0 && totals.actualCount === 0;

export const isEmptySavingPeriods = (answer: SavingPeriodsResponse) =>
  answer.periods.every((period) => period.potentialCount === 0 && period.actualCount === 0);

export const isEmptyAirlineSaving = (answer: AirlineSavingResponse) =>
  answer.byCurrency.every((each) => each.items.length === 0);

export const isEmptyCustomerNumberSaving = (answer: CustomerNumberSavingResponse) =>
  answer.byCurrency.every((each) => each.items.length === 0);

export const isEmptyAdmPerAirline = (answer: AdmPerAirlineResponse) =>
  answer.items.every((item) => item.count === 0);

export const isEmptyCredits = (answer: CreditTotalsResponse) => answer.byCurrency.length === 0;

export const isEmptyPriceData = (data: PnrPriceData) => data.youngCnt + data.oldCnt === 0;

export const isEmptyMonthlyPotential = (answer: MonthlyStatResponse) =>
  answer.months.every((month) => month.repricePotentialCount === 0);

export const isEmptyMonthlyActual = (answer: MonthlyStatResponse) =>
  answer.months.every((month) => month.repriceActualCount === 0);

export const isEmptyByType = (answer: MonthlyStatResponse) =>
  answer.byType.every((entry) => entry.count === 0);

export const isEmptyMonthlyPriceData = (answer: MonthlyStatResponse) =>
  isEmptyPriceData(answer.priceData);

/** Nothing in any part of the monthly overview. */
export const isEmptyMonthly = (answer: MonthlyStatResponse) =>
  isEmptyMonthlyPotential(answer) &&
  isEmptyMonthlyActual(answer) &&
  isEmptyByType(answer) &&
  isEmptyMonthlyPriceData(answer);
