import type { AirlineCredit, CancellationOutcome, RefundDestination } from '@/gds/gds-types';
import type { AirlineCreditShape, ConfirmedCancellationShape, OrderShape } from './duffel-schemas';

// What a confirmed Duffel cancellation gave back, in the port's terms: its refund, where the
// refund went, and each airline credit it made (issue 36: the credits ledger records them).

// Duffel's words for where a refund goes; a confirmed cancellation is read whatever Duffel
// adds later, which then says nothing of where the refund went.
const DESTINATIONS: Partial<Record<string, RefundDestination>> = {
  balance: 'balance',
  card: 'card',
  voucher: 'voucher',
  airline_credits: 'airline_credits',
  arc_bsp_cash: 'bsp',
};

const moneyOf = (amount: string | null | undefined, currency: string | null | undefined) =>
  amount === null || amount === undefined || currency === null || currency === undefined
    ? null
    : { amount: Math.round(Number(amount) * 100) / 100, currency };

// A day Duffel writes in a form no date reads is not known, rather than a failed cancellation.
const dayOf = (time: string | null | undefined) =>
  time && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString().slice(0, 10) : null;

/**
 * One credit, its money under either of Duffel's names (duffel-schemas.ts); null when it names
 * no amount or currency, which leaves nothing to record. The airline is the credit's own where
 * it says, else the order's owner, else the order's first flight's.
 */
function airlineCreditOf(credit: AirlineCreditShape, order: OrderShape): AirlineCredit | null {
  const amount = moneyOf(
    credit.credit_amount ?? credit.amount,
    credit.credit_currency ?? credit.amount_currency,
  );
  if (!amount) return null;
  const firstFlight = order.slices[0]?.segments[0];
  return {
    id: credit.id,
    passengerId: credit.passenger_id ?? null,
    airline:
      credit.airline_iata_code ??
      order.owner?.iata_code ??
      firstFlight?.marketing_carrier.iata_code ??
      null,
    amount,
    code: credit.credit_code ?? credit.code ?? null,
    name: credit.credit_name ?? null,
    issuedOn: dayOf(credit.issued_on),
    expiresOn: dayOf(credit.expires_at),
  };
}

export function cancellationOutcomeOf(
  cancellation: ConfirmedCancellationShape,
  order: OrderShape,
): CancellationOutcome {
  return {
    refund: moneyOf(cancellation.refund_amount, cancellation.refund_currency),
    refundTo: DESTINATIONS[cancellation.refund_to ?? ''] ?? null,
    airlineCredits: (cancellation.airline_credits ?? []).flatMap(
      (credit) => airlineCreditOf(credit, order) ?? [],
    ),
  };
}
