import { describe, expect, it } from 'vitest';
import { aBooking, NOW } from '../detectors/testing/booking-builder';
import { creditWarningOf, type CreditBooking, type WarnedCredit } from './credit-warning';

const credit: WarnedCredit = {
  id: 41,
  passengerName: 'COHEN/DAVID',
  airline: 'LY',
  amountCents: 12_000,
  currency: 'USD',
  expiresOn: '2026-12-31',
  reference: '1142345678901',
};

const booking: CreditBooking = {
  pnrNumber: 'ABC123',
  isTicketed: true,
  isCancelled: false,
  snapshot: aBooking({ remarks: ['CUSTOMER PREFERS AISLE'] }),
};

describe('creditWarningOf', () => {
  it('should name the amount, airline, passenger and last day when the credit nears expiry', () => {
    const warning = creditWarningOf(credit, booking, '2026-12-01', NOW);

    expect(warning).toMatchObject({
      type: 'CreditExpiry',
      group: 'REPRICE',
      title: 'Credit expiring',
      titleMessage: 'Airline credit of 120.00 USD with LY for COHEN/DAVID expires on 31/12/2026',
      dedupeKey: 'CE:41',
      lastPurchaseDate: null,
      potentialSaving: null,
      currency: null,
      savingKind: null,
      remarks: ['CUSTOMER PREFERS AISLE'],
    });
    expect(warning.alerts.map((alert) => alert.text)).toEqual([
      'Airline credit of 120.00 USD with LY for COHEN/DAVID expires on 31/12/2026: 30 days left',
      'Use it on a new LY ticket for COHEN/DAVID by 31/12/2026; after that the airline keeps it',
      'Credit reference 1142345678901',
    ]);
    expect(warning.data.pnr.id).toBe('ABC123');
  });

  it('should say it is the last day when the warning is raised on it, and name no reference when there is none', () => {
    const warning = creditWarningOf({ ...credit, reference: null }, booking, '2026-12-31', NOW);

    expect(warning.alerts.map((alert) => alert.text)).toEqual([
      'Airline credit of 120.00 USD with LY for COHEN/DAVID expires on 31/12/2026: today is its last day',
      'Use it on a new LY ticket for COHEN/DAVID by 31/12/2026; after that the airline keeps it',
    ]);
  });

  it('should show the booking from its row when it has no snapshot', () => {
    const warning = creditWarningOf(
      credit,
      { pnrNumber: 'XYZ789', isTicketed: false, isCancelled: true, snapshot: null },
      '2026-12-30',
      NOW,
    );

    expect(warning.data.pnr).toMatchObject({ id: 'XYZ789', is_cancelled: true });
    expect(warning.data.contact.name).toBe('COHEN/DAVID');
    expect(warning.alerts[0]?.text).toMatch(/: 1 day left$/);
  });
});
