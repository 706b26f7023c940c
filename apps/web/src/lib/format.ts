import { AMOUNT_DECIMALS, DATE_FORMAT, localTimeText, TIME_FORMAT } from '@smt/shared';
import { format } from 'date-fns';

// How amounts, dates and flight times read everywhere in the app (SPEC §9).

/**
 * A flight's 'yyyy-MM-dd HH:mm' as 'dd/MM/yyyy HH:mm': the airport's own time, by the shared
 * rule the server's titles follow too, never passed through the browser's time zone.
 */
export const formatFlightTime = (local: string): string => localTimeText(local);

/** An instant (ISO) as the user's 'dd/MM/yyyy HH:mm'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, `${DATE_FORMAT} ${TIME_FORMAT}`);
}

// Building a number formatter costs far more than formatting with one, and toLocaleString
// builds one on every call: a list of prices would pay it for each.
const TWO_DECIMALS = new Intl.NumberFormat('en', {
  minimumFractionDigits: AMOUNT_DECIMALS,
  maximumFractionDigits: AMOUNT_DECIMALS,
});
const WHOLE = new Intl.NumberFormat('en');
const symbols = new Map<string, string>();

/** The symbol of a currency code ('USD' → '$'); the code itself when there is none. */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    symbol = symbolOf(currency);
    symbols.set(currency, symbol);
  }
  return symbol;
}

function symbolOf(currency: string): string {
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}

/** '1,234.50' (two decimals). */
export function formatAmount(amount: number): string {
  return TWO_DECIMALS.format(amount);
}

/** '$1,234.50', or '1,234.50 XYZ' for a currency without a symbol. */
export function formatMoney(amount: number, currency: string): string {
  const symbol = currencySymbol(currency);
  return symbol === currency
    ? `${formatAmount(amount)} ${currency}`
    : `${symbol}${formatAmount(amount)}`;
}

/** Reprice amounts are rounded down to whole units (SPEC §9): '$1,234'. */
export function formatFlooredMoney(amount: number, currency: string): string {
  const whole = WHOLE.format(Math.floor(amount));
  const symbol = currencySymbol(currency);
  return symbol === currency ? `${whole} ${currency}` : `${symbol}${whole}`;
}
