import {
  type CurrencyAmount,
  LIST_OF_GROUP,
  MONEY_KIND_LABEL,
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
      byGroup.find((entry) => entry.group === group) ?? {
        group,
        new: 0,
        pending: 0,
        amount: 0,
        amounts: [],
      },
  );
}

/** `potential`: the pending reprices' saving, one amount per currency and kind of money. */
export type HomeTotals = { new: number; pending: number; potential: CurrencyAmount[] };

export function totalsOf(byGroup: readonly HomeGroupCounts[]): HomeTotals {
  return {
    new: byGroup.reduce((sum, entry) => sum + entry.new, 0),
    pending: byGroup.reduce((sum, entry) => sum + entry.pending, 0),
    potential: byGroup.find((entry) => entry.group === 'REPRICE')?.amounts ?? [],
  };
}

/** 'No data available' when nothing at all is counted. */
export function isEmptyHome(data: HomeData): boolean {
  return data.byGroup.every((entry) => entry.new === 0 && entry.pending === 0);
}

/**
 * The reprice potential, rounded down with its currency's symbol and its kind of money, one
 * line per currency and kind ('$1,200 cash', '$300 airline credit'): amounts in different
 * currencies, or cash and airline credit, are never added up (docs/decisions/036, 067).
 */
export function potentialLines(amounts: readonly CurrencyAmount[]): string[] {
  return potentialParts(amounts).map(({ money, kind }) => (kind ? `${money} ${kind}` : money));
}

/** Each line's amount and its kind's words apart, for a figure that sets them apart. */
export function potentialParts(
  amounts: readonly CurrencyAmount[],
): { money: string; kind: string | null }[] {
  if (amounts.length === 0) return [{ money: '0', kind: null }];
  return amounts.map(({ amount, currency, kind }) => ({
    money: formatFlooredMoney(amount, currency),
    kind: MONEY_KIND_LABEL[kind],
  }));
}

/** The same on one line, as a card's accessible name reads it: '$1,200 cash · $300 airline credit'. */
export function potentialText(amounts: readonly CurrencyAmount[]): string {
  return potentialLines(amounts).join(' · ');
}

/** Where a group's card leads: the pending list of that group. */
export function pendingListPath(group: PanelGroup): string {
  return `${ROUTES.notifications.path}/${LIST_OF_GROUP[group]}/pending`;
}
