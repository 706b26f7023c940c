import type { MoneyKind } from '../enums/credits';

// Money keeps its currency (docs/decisions/033) and its kind (docs/decisions/067): amounts in
// different currencies, or cash and airline credit, never add up to one figure, so every sum
// is made per currency and kind and shown as one figure each.

/** The product's words for each kind of money, after an amount: '1,200.00 USD cash'. */
export const MONEY_KIND_LABEL: Record<MoneyKind, string> = {
  cash: 'cash',
  credit: 'airline credit',
};

/** A currency and a kind of money: what one figure is in. */
export type Money = { currency: string; kind: MoneyKind };

/** An amount, the currency it is in and the kind of money it is. */
export type CurrencyAmount = Money & { amount: number };

/** Reprice savings in one currency and kind: raised (potential) and executed (actual), and how many. */
export type CurrencySavingTotals = Money & {
  potential: number;
  actual: number;
  potentialCount: number;
  actualCount: number;
};

/**
 * A row as the tallies give it: no currency means no money; no kind is a reprice kept before
 * kinds were, which was counted as cash.
 */
type Tallied = { currency: string | null; kind: MoneyKind | null };

/** Amounts are answered to the cent. */
export const toCents = (amount: number) => Math.round(amount * 100) / 100;

const KIND_ORDER: Record<MoneyKind, number> = { cash: 0, credit: 1 };

/** Currency by name, and within a currency cash before credit. */
export const byMoney = (a: Money, b: Money) =>
  a.currency.localeCompare(b.currency) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind];

export const sameMoney = (a: Money, b: Money) => a.currency === b.currency && a.kind === b.kind;

const moneyOf = (row: Tallied): Money | null =>
  row.currency === null ? null : { currency: row.currency, kind: row.kind ?? 'cash' };

const keyOf = (money: Money) => `${money.currency}/${money.kind}`;

/**
 * The amounts summed per currency and kind, in `byMoney` order; rows without a currency carry
 * no money and are left out.
 */
export function sumPerCurrency(rows: readonly (Tallied & { amount: number })[]): CurrencyAmount[] {
  const sums = new Map<string, CurrencyAmount>();
  for (const row of rows) {
    const money = moneyOf(row);
    if (money === null) continue;
    const sum = sums.get(keyOf(money)) ?? { ...money, amount: 0 };
    sum.amount += row.amount;
    sums.set(keyOf(money), sum);
  }
  return [...sums.values()].map((sum) => ({ ...sum, amount: toCents(sum.amount) })).sort(byMoney);
}

/** Reprice savings summed per currency and kind, in `byMoney` order; no currency, left out. */
export function savingsPerCurrency(
  rows: readonly (Omit<CurrencySavingTotals, keyof Money> & Tallied)[],
): CurrencySavingTotals[] {
  const sums = new Map<string, CurrencySavingTotals>();
  for (const row of rows) {
    const money = moneyOf(row);
    if (money === null) continue;
    const sum = sums.get(keyOf(money)) ?? {
      ...money,
      potential: 0,
      actual: 0,
      potentialCount: 0,
      actualCount: 0,
    };
    sum.potential += row.potential;
    sum.actual += row.actual;
    sum.potentialCount += row.potentialCount;
    sum.actualCount += row.actualCount;
    sums.set(keyOf(money), sum);
  }
  return [...sums.values()]
    .map((sum) => ({ ...sum, potential: toCents(sum.potential), actual: toCents(sum.actual) }))
    .sort(byMoney);
}

/** Every currency and kind that appears in any of the lists, in `byMoney` order. */
export function moneysOf(lists: readonly (readonly Money[])[]): Money[] {
  const all = new Map<string, Money>();
  for (const { currency, kind } of lists.flat())
    all.set(keyOf({ currency, kind }), { currency, kind });
  return [...all.values()].sort(byMoney);
}
