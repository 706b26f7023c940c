import { MONEY_KIND_LABEL, type MoneyKind } from '@smt/shared';
import { formatFlooredMoney, formatMoney } from '@/lib/format';

// How the dashboard's amounts read (SPEC §9): two decimals with the currency and the kind of
// money, chart savings rounded to whole units, reprice amounts rounded down.

/** What a chart of labels draws: one or more series of values, one value per label. */
export type ChartFigures = {
  labels: string[];
  series: { label: string; values: number[] }[];
};

export const roundedSaving = (amount: number) => Math.round(amount);

export const flooredReprice = (amount: number) => Math.floor(amount);

/**
 * '$1,234.50 cash', '$300.00 airline credit': an amount that says which kind of money it is, so
 * credit is never read as cash (docs/decisions/067).
 */
export function kindMoneyText(amount: number, currency: string, kind: MoneyKind): string {
  return `${formatMoney(amount, currency)} ${MONEY_KIND_LABEL[kind]}`;
}

/** '$1,234 cash': a reprice amount rounded down, of its kind. */
export function flooredKindMoneyText(amount: number, currency: string, kind: MoneyKind): string {
  return `${formatFlooredMoney(amount, currency)} ${MONEY_KIND_LABEL[kind]}`;
}

/** The share of `count` in `total` to two decimals: '62.50%'. */
export function percentText(count: number, total: number): string {
  const percent = total === 0 ? 0 : (count / total) * 100;
  return `${percent.toFixed(2)}%`;
}
