import { describe, expect, it } from 'vitest';
import { ticket } from './evolve';
import { fareRulesText, readFareBasis } from './fare-rules';
import { cancelBooking } from './operations';
import { quoteRefund } from './refund-quote';
import { T0, testRecord } from './testing';
import { fromUsd } from './world';

function ticketed(family: 'FLEX' | 'STANDARD' | 'SAVER' | 'LIGHT', key = family) {
  const record = testRecord({ family, key });
  ticket(record.booking, T0);
  return record;
}

/** The refund fee as the fare rules print it (in USD), in the fare's currency. */
function printedRefundFee(fareBasis: string, currency: string): number | null {
  const fee = /CHARGE USD (\d+) FOR CANCEL\/REFUND/.exec(fareRulesText(fareBasis));
  return fee ? fromUsd(Number(fee[1]), currency) : null;
}

describe('quoteRefund', () => {
  it('should refund nothing, to nowhere, when the booking is not ticketed', () => {
    const record = testRecord({ family: 'FLEX' });
    const fare = record.booking.storedFare!;

    expect(quoteRefund(record)).toEqual({
      ok: true,
      refund: { amount: 0, currency: fare.currency },
      refundTo: null,
      expiresAt: null,
    });
  });

  it.each(['FLEX', 'STANDARD'] as const)(
    'should refund the fare less the fee its rules print when a ticketed %s fare is cancelled',
    (family) => {
      const record = ticketed(family);
      const fare = record.booking.storedFare!;
      expect(readFareBasis(fare.fareBasis).family).toBe(family);
      const fee = printedRefundFee(fare.fareBasis, fare.currency);
      if (fee === null) throw new Error(`the rules of ${fare.fareBasis} print no refund fee`);

      const quote = quoteRefund(record);

      expect(quote).toEqual({
        ok: true,
        refund: { amount: Math.round((fare.total - fee) * 100) / 100, currency: fare.currency },
        refundTo: 'form_of_payment',
        expiresAt: null,
      });
      expect(quote.ok && quote.refund!.amount).toBeGreaterThan(0);
    },
  );

  it.each(['SAVER', 'LIGHT'] as const)(
    'should refund nothing when a ticketed %s fare is non-refundable by its rules',
    (family) => {
      const record = ticketed(family);
      const fare = record.booking.storedFare!;
      expect(fareRulesText(fare.fareBasis)).toContain('BEFORE DEPARTURE NON-REFUNDABLE');

      expect(quoteRefund(record)).toEqual({
        ok: true,
        refund: { amount: 0, currency: fare.currency },
        refundTo: 'form_of_payment',
        expiresAt: null,
      });
    },
  );

  it('should never quote below nothing when the fee is more than the fare', () => {
    const record = ticketed('STANDARD');
    record.booking.storedFare = { ...record.booking.storedFare!, total: 10 };

    const quote = quoteRefund(record);

    expect(quote.ok && quote.refund).toEqual({
      amount: 0,
      currency: record.booking.storedFare.currency,
    });
  });

  it('should refuse as cancelling does when the booking is cancelled or has departed', () => {
    const cancelled = testRecord({ key: 'cancelled' });
    expect(cancelBooking(cancelled, T0)).toBeNull();
    const departed = testRecord({ key: 'departed' });
    departed.departed = true;

    expect(quoteRefund(cancelled)).toEqual({
      ok: false,
      message: `Booking ${cancelled.booking.locator} is cancelled`,
    });
    expect(quoteRefund(departed)).toEqual({
      ok: false,
      message: `Booking ${departed.booking.locator} has departed`,
    });
  });
});
