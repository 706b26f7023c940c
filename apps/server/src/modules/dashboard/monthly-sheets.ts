import {
  NOTIFICATION_TYPES,
  uiTexts,
  type DashboardQuery,
  type MonthlyReport,
  type MonthlyStatResponse,
} from '@smt/shared';
import type { Sheet, SheetColumn, SheetRow } from '@/lib/xlsx-sheet';
import { KIND_COLUMN, kindCell, type SheetRequest } from './dashboard-sheets';
import type { DashboardFigures } from './dashboard.service';

// Each chart of the monthly overview as a sheet (SPEC §2.6 'Each chart has an XLS download'):
// the figures its chart draws, read through the same call, titled with the window and scope.

export const MONTHLY_REPORT_TITLE: Record<MonthlyReport, string> = {
  RepricePotential: 'Reprice Potential',
  RepriceActual: 'Reprice Actual',
  NotificationsByType: 'Total notifications by type',
  PnrPriceData: 'PNR price data',
};

type Context = SheetRequest & { figures: DashboardFigures };

/** The chart, the window of departure months it covers and the scope. */
function monthlyTitle(report: MonthlyReport, answer: MonthlyStatResponse, query: DashboardQuery) {
  const scope = query.id.length > 0 ? `${query.type} ${query.id.join(', ')}` : 'whole scope';
  const first = answer.months[0]?.month ?? '';
  const last = answer.months.at(-1)?.month ?? '';
  return `${MONTHLY_REPORT_TITLE[report]}: departures ${first} to ${last}, ${scope}`;
}

/**
 * A reprice figure month by month: a row per month, currency and kind, its amount and how many
 * reprices make it; amounts of different currencies, or cash and airline credit, are never
 * summed (docs/decisions/036, 067). A month without reprices has one row with no currency.
 */
function repriceRows(answer: MonthlyStatResponse, figure: 'potential' | 'actual'): SheetRow[] {
  const countOf = figure === 'potential' ? 'potentialCount' : 'actualCount';
  return answer.months.flatMap((month): SheetRow[] => {
    const inFigure = month.byCurrency.filter((each) => each[countOf] > 0);
    return inFigure.length === 0
      ? [{ month: month.month, currency: null, kind: null, amount: 0, count: 0 }]
      : inFigure.map((each) => ({
          month: month.month,
          currency: each.currency,
          kind: kindCell(each.kind),
          amount: each[figure],
          count: each[countOf],
        }));
  });
}

const REPRICE_COLUMNS = (amount: string): SheetColumn[] => [
  { key: 'month', header: 'Month', kind: 'text' },
  { key: 'currency', header: 'Currency', kind: 'text' },
  KIND_COLUMN,
  { key: 'amount', header: amount, kind: 'amount' },
  { key: 'count', header: 'Notifications', kind: 'count' },
];

export async function monthlySheet(report: MonthlyReport, context: Context): Promise<Sheet> {
  const { figures, caller, query, now } = context;
  const answer = await figures.monthlyStat(caller, query, now);
  const base = { name: MONTHLY_REPORT_TITLE[report], title: monthlyTitle(report, answer, query) };
  switch (report) {
    case 'RepricePotential':
      return {
        ...base,
        columns: REPRICE_COLUMNS('Potential saving'),
        rows: repriceRows(answer, 'potential'),
      };
    case 'RepriceActual':
      return {
        ...base,
        columns: REPRICE_COLUMNS(uiTexts.actualSaving),
        rows: repriceRows(answer, 'actual'),
      };
    case 'NotificationsByType':
      return {
        ...base,
        columns: [
          { key: 'type', header: 'Type', kind: 'text', width: 18 },
          { key: 'count', header: 'Notifications', kind: 'count' },
        ],
        rows: answer.byType.map((entry) => ({
          type: NOTIFICATION_TYPES[entry.type].reportLabel,
          count: entry.count,
        })),
      };
    case 'PnrPriceData': {
      const { youngCnt, oldCnt } = answer.priceData;
      const total = youngCnt + oldCnt;
      const percent = (count: number) =>
        total === 0 ? 0 : Math.round((count / total) * 10_000) / 100;
      return {
        ...base,
        columns: [
          { key: 'what', header: 'PNRs', kind: 'text', width: 22 },
          { key: 'count', header: 'Count', kind: 'count' },
          { key: 'percent', header: 'Percent', kind: 'amount' },
        ],
        rows: [
          { what: 'With price data', count: youngCnt, percent: percent(youngCnt) },
          { what: 'Without price data', count: oldCnt, percent: percent(oldCnt) },
          { what: 'Total', count: total, percent: total === 0 ? 0 : 100 },
        ],
      };
    }
  }
}
