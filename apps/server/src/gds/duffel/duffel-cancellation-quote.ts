import type { CancellationQuote, RefundDestination } from '@/gds/gds-types';
import type { CancellationQuoteShape } from './duffel-schemas';

// Duffel's words for where a refund goes, in the port's; an order awaiting payment paid
// nothing, so its refund goes nowhere.
const DESTINATIONS: Record<CancellationQuoteShape['refund_to'], RefundDestination | null> = {
  balance: 'balance',
  card: 'card',
  voucher: 'voucher',
  airline_credits: 'airline_credits',
  arc_bsp_cash: 'bsp',
  awaiting_payment: null,
};

/** The refund an unconfirmed Duffel cancellation quotes, in the port's terms. */
export function cancellationQuoteOf(cancellation: CancellationQuoteShape): CancellationQuote {
  const { refund_amount: amount, refund_currency: currency } = cancellation;
  // Duffel leaves the amount null when the airline gave it no quote: unknown, not nothing.
  const refund =
    amount === null || currency === null
      ? null
      : { amount: Math.round(Number(amount) * 100) / 100, currency };
  return {
    ok: true,
    refund,
    refundTo: DESTINATIONS[cancellation.refund_to],
    expiresAt: cancellation.expires_at,
  };
}
