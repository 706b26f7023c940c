import type { CancellationQuote, OperationFailure } from '@/gds/gds-types';
import { penaltiesOf } from './fare-rules';
import { refusal } from './operations';
import type { SimRecord } from './sim-types';

// Fares are filed here in USD; a booking the simulator priced nowhere paid nothing in it.
const FILING_CURRENCY = 'USD';

const cents = (amount: number) => Math.round(amount * 100);

/**
 * What cancelling the booking now would refund, as the fare's own rules have it: an unticketed
 * booking paid nothing, so gets nothing back; a ticketed one gets its fare back less the
 * refund fee when the rules allow a refund before departure, and nothing when they do not.
 */
export function quoteRefund(record: SimRecord): CancellationQuote | OperationFailure {
  const refused = refusal(record);
  if (refused) return { ok: false, message: refused };
  const { storedFare, isTicketed } = record.booking;
  const currency = storedFare?.currency ?? FILING_CURRENCY;
  const nothing = { amount: 0, currency };
  if (!isTicketed || !storedFare)
    return { ok: true, refund: nothing, refundTo: null, expiresAt: null };
  // Read from the rules of the fare basis, not the penalties copied into the stored fare:
  // the rules are what the GDS applies at refund time.
  const { refund } = penaltiesOf(storedFare.fareBasis, currency);
  const back = refund.allowed ? Math.max(0, cents(storedFare.total) - cents(refund.amount)) : 0;
  return {
    ok: true,
    refund: { amount: back / 100, currency },
    refundTo: 'form_of_payment',
    expiresAt: null,
  };
}
