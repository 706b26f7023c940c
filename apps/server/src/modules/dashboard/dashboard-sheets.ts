import {
  GROUP_LABEL,
  MONEY_KIND_LABEL,
  PNR_DATE_TYPE_LABEL,
  uiTexts,
  type AdmKind,
  type CompletedVsTotalEntry,
  type CurrencyKind,
  type DashboardQuery,
  type NOTIFICATION_REPORTS,
  type SAVING_REPORTS,
  toCents,
} from '@smt/shared';
import type { Sheet, SheetColumn, SheetRow } from '@/lib/xlsx-sheet';
import { notificationRange, type DashboardCaller } from './dashboard-audience';
import type { DashboardFigures } from './dashboard.service';

// Each chart's rows as a sheet (SPEC §2.6 'Each chart has an XLS download'): the same figures
// the chart's call answers, read through the same service, titled with the filter they answer.

export type SavingReport = (typeof SAVING_REPORTS)[number];
export type NotificationReport = (typeof NOTIFICATION_REPORTS)[number];

export const REPORT_TITLE: Record<SavingReport | NotificationReport, string> = {
  PotentialVsActual: 'Potential vs Actual saving',
  PotentialVsActualPerPeriod: 'Potential vs Actual saving per period',
  // The report kinds follow the charts in order (SPEC §3): this one is the Potential Saving.
  ActualSaving: 'Potential Saving',
  ActualSavingPerAirline: 'Actual Saving per Airline',
  PotentialPerCustomerNumber: 'Potential Saving Per Customer Number',
  PendingVsCompleted: 'Pending vs Completed',
  AdmPerAirline: 'ADM notifications per airline',
  YoungPqs: 'PNR price data',
};

/** Whose sheet, of which filter, at which moment. */
export type SheetRequest = { caller: DashboardCaller; query: DashboardQuery; now: Date };

type Context = SheetRequest & { figures: DashboardFigures };

/** What the sheet answers: the chart, the notification dates, the scope and the PNR dates. */
export function filterTitle(report: string, query: DashboardQuery, now: Date): string {
  const range = notificationRange(query, now);
  const scope = query.id.length > 0 ? `${query.type} ${query.id.join(', ')}` : 'whole scope';
  const pnrDates =
    query.from && query.to
      ? `, ${PNR_DATE_TYPE_LABEL[query.dateFilter]} ${query.from} to ${query.to}`
      : '';
  return `${report}: notifications ${range.from} to ${range.to}, ${scope}${pnrDates}`;
}

const sheet = (
  report: SavingReport | NotificationReport,
  context: Context,
  columns: SheetColumn[],
  rows: SheetRow[],
  suffix = '',
): Sheet => ({
  name: REPORT_TITLE[report],
  title: filterTitle(`${REPORT_TITLE[report]}${suffix}`, context.query, context.now),
  columns,
  rows,
});

const CURRENCY_COLUMN: SheetColumn = { key: 'currency', header: 'Currency', kind: 'text' };
export const KIND_COLUMN: SheetColumn = { key: 'kind', header: 'Kind', kind: 'text', width: 14 };

/** A row's Kind cell: 'cash' or 'airline credit'. */
export const kindCell = (kind: CurrencyKind['kind']) => MONEY_KIND_LABEL[kind];

/**
 * A saving chart's rows, one per currency and kind (docs/decisions/036, 067): amounts in
 * different currencies, or cash and airline credit, are never summed; each row's amount is in
 * its Currency and is its Kind of money.
 */
export async function savingSheet(report: SavingReport, context: Context): Promise<Sheet> {
  const { figures, caller, query, now } = context;
  switch (report) {
    case 'PotentialVsActual':
    case 'ActualSaving': {
      const totals = await figures.potentialVsActual(caller, query, now);
      const rows = totals.byCurrency.flatMap((each) => [
        {
          measure: 'Potential saving',
          currency: each.currency,
          kind: kindCell(each.kind),
          amount: each.potential,
          count: each.potentialCount,
        },
        {
          measure: uiTexts.actualSaving,
          currency: each.currency,
          kind: kindCell(each.kind),
          amount: each.actual,
          count: each.actualCount,
        },
        // The Potential Saving chart splits the potential into what was saved and what is left.
        ...(report === 'ActualSaving'
          ? [
              {
                measure: 'Still to save',
                currency: each.currency,
                kind: kindCell(each.kind),
                amount: Math.max(toCents(each.potential - each.actual), 0),
                count: null,
              },
            ]
          : []),
      ]);
      return sheet(
        report,
        context,
        [
          { key: 'measure', header: 'Measure', kind: 'text', width: 20 },
          CURRENCY_COLUMN,
          KIND_COLUMN,
          { key: 'amount', header: 'Amount', kind: 'amount' },
          { key: 'count', header: 'Reprices', kind: 'count' },
        ],
        rows,
      );
    }
    case 'PotentialVsActualPerPeriod': {
      const { periods } = await figures.savingByPeriod(caller, query, now);
      // Every month of the range has a row; a month without reprices has no currency or kind.
      const rows = periods.flatMap((period): SheetRow[] =>
        period.byCurrency.length === 0
          ? [
              {
                month: period.month,
                currency: null,
                kind: null,
                potential: 0,
                potentialCount: 0,
                actual: 0,
                actualCount: 0,
              },
            ]
          : period.byCurrency.map((each) => ({
              month: period.month,
              ...each,
              kind: kindCell(each.kind),
            })),
      );
      return sheet(
        report,
        context,
        [
          { key: 'month', header: 'Month', kind: 'text' },
          CURRENCY_COLUMN,
          KIND_COLUMN,
          { key: 'potential', header: 'Potential saving', kind: 'amount' },
          { key: 'potentialCount', header: 'Reprice opportunities', kind: 'count' },
          { key: 'actual', header: uiTexts.actualSaving, kind: 'amount' },
          { key: 'actualCount', header: 'Reprices executed', kind: 'count' },
        ],
        rows,
      );
    }
    case 'ActualSavingPerAirline': {
      const { byCurrency } = await figures.savingPerAirline(caller, query, now);
      return sheet(
        report,
        context,
        [
          { key: 'airline', header: 'Airline', kind: 'text' },
          CURRENCY_COLUMN,
          KIND_COLUMN,
          { key: 'saving', header: uiTexts.actualSaving, kind: 'amount' },
        ],
        byCurrency.flatMap(({ currency, kind, items }) =>
          items.map((item) => ({ ...item, currency, kind: kindCell(kind) })),
        ),
      );
    }
    case 'PotentialPerCustomerNumber': {
      const { byCurrency } = await figures.savingPerCustomerNumber(caller, query, now);
      return sheet(
        report,
        context,
        [
          { key: 'customerNumber', header: 'Customer number', kind: 'text', width: 18 },
          CURRENCY_COLUMN,
          KIND_COLUMN,
          { key: 'saving', header: 'Potential saving', kind: 'amount' },
        ],
        byCurrency.flatMap(({ currency, kind, items }) =>
          items.map((item) => ({ ...item, currency, kind: kindCell(kind) })),
        ),
      );
    }
  }
}

/** A currency and kind's words in a column's key and header: 'USD cash', 'USD airline credit'. */
const moneyWords = ({ currency, kind }: CurrencyKind) => `${currency} ${kindCell(kind)}`;

/**
 * Pending vs completed per entity and group, as the chart's file and its CSV show it: each
 * entity's row, its savings in a currency and kind under that currency and kind's two columns.
 */
export const completedRows = (entries: CompletedVsTotalEntry[]) =>
  entries.map((entry) => ({
    entity: entry.entityName,
    group: GROUP_LABEL[entry.msgGroup],
    total: entry.total,
    completed: entry.completed,
    pending: entry.total - entry.completed,
    ...Object.fromEntries(
      entry.byCurrency.flatMap((each) => [
        [`potential ${moneyWords(each)}`, each.potential],
        [`actual ${moneyWords(each)}`, each.actual],
      ]),
    ),
  }));

/**
 * A potential and an actual column per currency and kind: amounts in two currencies, or cash
 * and credit, never share one.
 */
export const COMPLETED_COLUMNS = (moneys: readonly CurrencyKind[]): SheetColumn[] => [
  { key: 'entity', header: 'Name', kind: 'text', width: 24 },
  { key: 'group', header: 'Group', kind: 'text', width: 16 },
  { key: 'total', header: 'Total', kind: 'count' },
  { key: 'completed', header: 'Completed', kind: 'count' },
  { key: 'pending', header: 'Pending', kind: 'count' },
  ...moneys.flatMap((money): SheetColumn[] => [
    {
      key: `potential ${moneyWords(money)}`,
      header: `Potential saving (${moneyWords(money)})`,
      kind: 'amount',
      width: 18,
    },
    {
      key: `actual ${moneyWords(money)}`,
      header: `${uiTexts.actualSaving} (${moneyWords(money)})`,
      kind: 'amount',
      width: 18,
    },
  ]),
];

export const ADM_COLUMNS: SheetColumn[] = [
  { key: 'airline', header: 'Airline', kind: 'text' },
  { key: 'count', header: 'Notifications', kind: 'count' },
];

export async function notificationSheet(
  report: NotificationReport,
  context: Context & { kind: AdmKind },
): Promise<Sheet> {
  const { figures, caller, query, now } = context;
  switch (report) {
    case 'PendingVsCompleted': {
      const { entries, currencyKinds } = await figures.completedVsTotal(caller, query, now);
      return sheet(report, context, COMPLETED_COLUMNS(currencyKinds), completedRows(entries));
    }
    case 'AdmPerAirline': {
      const { items } = await figures.admPerAirline(caller, query, context.kind, now);
      return sheet(report, context, ADM_COLUMNS, items, ` (${context.kind})`);
    }
    case 'YoungPqs': {
      const { youngCnt, oldCnt } = await figures.youngPqs(caller, query, now);
      const total = youngCnt + oldCnt;
      const percent = (count: number) =>
        total === 0 ? 0 : Math.round((count / total) * 10_000) / 100;
      return sheet(
        report,
        context,
        [
          { key: 'what', header: 'PNRs', kind: 'text', width: 22 },
          { key: 'count', header: 'Count', kind: 'count' },
          { key: 'percent', header: 'Percent', kind: 'amount' },
        ],
        [
          { what: 'With price data', count: youngCnt, percent: percent(youngCnt) },
          { what: 'Without price data', count: oldCnt, percent: percent(oldCnt) },
          { what: 'Total', count: total, percent: total === 0 ? 0 : 100 },
        ],
      );
    }
  }
}
