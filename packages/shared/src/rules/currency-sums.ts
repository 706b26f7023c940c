// Money keeps its currency (docs/decisions/033): amounts in different currencies never add up
// to one figure, so every sum is made per currency and shown as one figure each.

/** An amount and the currency it is in. */
export type CurrencyAmount = { currency: string; amount: number };

/** Reprice savings in one currency: raised (potential) and executed (actual), and how many. */
export type CurrencySavingTotals = {
  currency: string;
  potential: number;
  actual: number;
  potentialCount: number;
  actualCount: number;
};

/** Amounts are answered to the cent. */
export const toCents = (amount: number) => Math.round(amount * 100) / 100;

const byCurrencyName = (a: { currency: string }, b: { currency: string }) =>
  a.currency.localeCompare(b.currency);

/**
 * The amounts summed per currency, in currency order; rows without a currency carry no money
 * and are left out.
 */
export function sumPerCurrency(
  rows: readonly { currency: string | null; amount: number }[],
): CurrencyAmount[] {
  const sums = new Map<string, number>();
  for (const { currency, amount } of rows) {
    if (currency === null) continue;
    sums.set(currency, (sums.get(currency) ?? 0) + amount);
  }
  return [...sums]
    .map(([currency, amount]) => ({ currency, amount: toCents(amount) }))
    .sort(byCurrencyName);
}

/** Reprice savings summed per currency, in currency order; rows without a currency left out. */
export function savingsPerCurrency(
  rows: readonly (Omit<CurrencySavingTotals, 'currency'> & { currency: string | null })[],
): CurrencySavingTotals[] {
  const sums = new Map<string, CurrencySavingTotals>();
  for (const row of rows) {
    if (row.currency === null) continue;
    const sum = sums.get(row.currency) ?? {
      currency: row.currency,
      potential: 0,
      actual: 0,
      potentialCount: 0,
      actualCount: 0,
    };
    sum.potential += row.potential;
    sum.actual += row.actual;
    sum.potentialCount += row.potentialCount;
    sum.actualCount += row.actualCount;
    sums.set(row.currency, sum);
  }
  return [...sums.values()]
    .map((sum) => ({ ...sum, potential: toCents(sum.potential), actual: toCents(sum.actual) }))
    .sort(byCurrencyName);
}

/** Every currency that appears in any of the lists, in currency order. */
export function currenciesOf(lists: readonly (readonly { currency: string }[])[]): string[] {
  return [...new Set(lists.flatMap((list) => list.map((entry) => entry.currency)))].sort((a, b) =>
    a.localeCompare(b),
  );
}
