import {
  NOTIFICATION_TYPES,
  type AdmPerAirlineResponse,
  type CompletedVsTotalEntry,
  type MonthlyStatResponse,
  type PanelGroup,
  type PnrPriceData,
} from '@smt/shared';
import { percentText, type ChartFigures } from '@/features/dashboard/utils/chart-values';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

// What the notification charts draw.

/** The group dropdown's choice: every panel group, or one. */
export type GroupChoice = PanelGroup | 'ALL';

/**
 * Completed and pending (total − completed) per entity, of one group or of all of them summed,
 * entities in the order the server gave them.
 */
export function pendingVsCompletedFigures(
  entries: readonly CompletedVsTotalEntry[],
  group: GroupChoice,
): ChartFigures {
  const perEntity = new Map<number, { name: string; total: number; completed: number }>();
  for (const entry of entries) {
    if (group !== 'ALL' && entry.msgGroup !== group) continue;
    const sum = perEntity.get(entry.entityId) ?? { name: entry.entityName, total: 0, completed: 0 };
    sum.total += entry.total;
    sum.completed += entry.completed;
    perEntity.set(entry.entityId, sum);
  }
  const sums = [...perEntity.values()];
  return {
    labels: sums.map((sum) => sum.name),
    series: [
      { label: DASHBOARD_TEXTS.completed, values: sums.map((sum) => sum.completed) },
      { label: DASHBOARD_TEXTS.pending, values: sums.map((sum) => sum.total - sum.completed) },
    ],
  };
}

/** A bar per airline. */
export function admPerAirlineFigures(answer: AdmPerAirlineResponse): ChartFigures {
  return {
    labels: answer.items.map((item) => item.airline),
    series: [{ label: DASHBOARD_TEXTS.notifications, values: answer.items.map((i) => i.count) }],
  };
}

/** With and without price data, each labelled with its share of the total (SPEC §9). */
export function priceDataFigures(data: PnrPriceData): ChartFigures & { total: number } {
  const total = data.youngCnt + data.oldCnt;
  return {
    total,
    labels: [
      `${DASHBOARD_TEXTS.withPriceData} ${percentText(data.youngCnt, total)}`,
      `${DASHBOARD_TEXTS.withoutPriceData} ${percentText(data.oldCnt, total)}`,
    ],
    series: [{ label: DASHBOARD_TEXTS.count, values: [data.youngCnt, data.oldCnt] }],
  };
}

/** A bar per notification type of the monthly overview. */
export function byTypeFigures(byType: MonthlyStatResponse['byType']): ChartFigures {
  return {
    labels: byType.map((entry) => NOTIFICATION_TYPES[entry.type].reportLabel),
    series: [{ label: DASHBOARD_TEXTS.notifications, values: byType.map((e) => e.count) }],
  };
}
