import { formatAmount, formatFlooredMoney, formatMoney } from '@/lib/format';

// How the dashboard's amounts read (SPEC §9): two decimals with the currency, chart savings
// rounded to whole units, reprice amounts rounded down.

/** What a chart of labels draws: one or more series of values, one value per label. */
export type ChartFigures = {
  labels: string[];
  series: { label: string; values: number[] }[];
};

export const roundedSaving = (amount: number) => Math.round(amount);

export const flooredReprice = (amount: number) => Math.floor(amount);

/** '$1,234.50'; without a currency (nothing was counted) just the amount. */
export function moneyText(amount: number, currency: string | null): string {
  return currency === null ? formatAmount(amount) : formatMoney(amount, currency);
}

/** '$1,234': a reprice amount, rounded down. */
export function flooredMoneyText(amount: number, currency: string | null): string {
  return currency === null
    ? Math.floor(amount).toLocaleString('en')
    : formatFlooredMoney(amount, currency);
}

/** The share of `count` in `total` to two decimals: '62.50%'. */
export function percentText(count: number, total: number): string {
  const percent = total === 0 ? 0 : (count / total) * 100;
  return `${percent.toFixed(2)}%`;
}
