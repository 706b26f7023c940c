import {
  LIST_OF_GROUP,
  PANEL_GROUPS,
  ROUTES,
  type HomeData,
  type HomeGroupCounts,
  type PanelGroup,
} from '@smt/shared';
import { formatFlooredMoney } from '@/lib/format';

/** One entry per panel group in SPEC §9 order; a group the answer left out counts zero. */
export function countsInOrder(byGroup: readonly HomeGroupCounts[]): HomeGroupCounts[] {
  return PANEL_GROUPS.map(
    (group) =>
      byGroup.find((entry) => entry.group === group) ?? { group, new: 0, pending: 0, amount: 0 },
  );
}

export type HomeTotals = { new: number; pending: number; potential: number };

export function totalsOf(byGroup: readonly HomeGroupCounts[]): HomeTotals {
  return {
    new: byGroup.reduce((sum, entry) => sum + entry.new, 0),
    pending: byGroup.reduce((sum, entry) => sum + entry.pending, 0),
    potential: byGroup.find((entry) => entry.group === 'REPRICE')?.amount ?? 0,
  };
}

/** 'No data available' when nothing at all is counted. */
export function isEmptyHome(data: HomeData): boolean {
  return data.byGroup.every((entry) => entry.new === 0 && entry.pending === 0);
}

/** The reprice potential, rounded down, with the currency's symbol when there is one. */
export function potentialText(amount: number, currency: string | null): string {
  return currency === null
    ? Math.floor(amount).toLocaleString('en')
    : formatFlooredMoney(amount, currency);
}

/** Where a group's card leads: the pending list of that group. */
export function pendingListPath(group: PanelGroup): string {
  return `${ROUTES.notifications.path}/${LIST_OF_GROUP[group]}/pending`;
}
