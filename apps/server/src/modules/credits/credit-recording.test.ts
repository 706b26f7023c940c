import { describe, expect, it } from 'vitest';
import type { GdsBooking } from '@/gds/gds-types';
import type { RepriceSaving } from '@/monitoring/detectors/reprice-saving';
import { aBooking } from '@/monitoring/detectors/testing/booking-builder';
import {
  cancellationCreditsOf,
  repriceCreditsOf,
  splitCents,
  ticketValidityEnd,
} from './credit-recording';

const place = { bookingId: 7, agencyId: 1, branchId: 2, agentId: 3 };

const saving = (over: Partial<RepriceSaving> = {}): RepriceSaving => ({
  currency: 'USD',
  grossCents: 30001,
  tickets: 2,
  changeFeeCents: 10000,
  refundFeeCents: 0,
  reissues: 2,
  agencyFeeCents: 0,
  agencyFeeApart: null,
  voidUntil: null,
  creditExpiresOn: null,
  kind: 'credit',
  bagsLost: 0,
  bagsCostCents: 0,
  bagPriceUnknown: false,
  netCents: 10001,
  stated: false,
  refundTo: null,
  ...over,
});

const passenger = aBooking().passengers[0]!;
const booking = (): GdsBooking =>
  aBooking({
    isTicketed: true,
    ticketedAt: '2026-02-10T09:00:00.000Z',
    passengers: [
      { ...passenger, id: 'p1', firstName: 'Dana' },
      { ...passenger, id: 'p2', firstName: 'Avi' },
    ],
  });

describe('ticketValidityEnd', () => {
  it('should run a year from the day of issue', () => {
    expect(ticketValidityEnd('2026-02-10T23:30:00.000Z')).toBe('2027-02-10');
  });
  it('should run a ticket issued on 29 February to 28 February', () => {
    expect(ticketValidityEnd('2028-02-29T10:00:00.000Z')).toBe('2029-02-28');
  });
  it('should know no end when the issue is not known', () => {
    expect(ticketValidityEnd(null)).toBeNull();
  });
});

describe('splitCents', () => {
  it('should split into shares that add up exactly, odd cents first', () => {
    expect(splitCents(30001, 2)).toEqual([15001, 15000]);
    expect(splitCents(100, 3)).toEqual([34, 33, 33]);
  });
});

describe('repriceCreditsOf', () => {
  it('should record the gross difference per ticket, not the net, when the airline keeps it', () => {
    const credits = repriceCreditsOf({
      booking: booking(),
      saving: saving(),
      creditExpiresOn: null,
      place,
      notificationId: 99,
    });
    expect(credits).toEqual([
      expect.objectContaining({
        ...place,
        notificationId: 99,
        passengerName: 'Cohen/Dana',
        passengerKey: 'cohen/dana',
        amountCents: 15001,
        currency: 'USD',
        expiresOn: '2027-02-10',
        source: 'reprice',
        reference: null,
      }),
      expect.objectContaining({ passengerName: 'Cohen/Avi', amountCents: 15000 }),
    ]);
    expect(credits[0]?.airline).toBe('LY');
  });

  it("should take the quote's expiry where it gives one", () => {
    const [credit] = repriceCreditsOf({
      booking: booking(),
      saving: saving(),
      creditExpiresOn: '2026-12-31',
      place,
      notificationId: 99,
    });
    expect(credit?.expiresOn).toBe('2026-12-31');
  });

  it('should record nothing when the saving is cash or nothing comes back', () => {
    const args = { booking: booking(), creditExpiresOn: null, place, notificationId: 99 };
    expect(repriceCreditsOf({ ...args, saving: saving({ kind: 'cash' }) })).toEqual([]);
    expect(repriceCreditsOf({ ...args, saving: saving({ grossCents: 0 }) })).toEqual([]);
  });
});

describe('cancellationCreditsOf', () => {
  const args = { booking: booking(), place, notificationId: 5 };

  it('should split a refund to a voucher over the tickets', () => {
    const credits = cancellationCreditsOf({
      ...args,
      outcome: {
        refund: { amount: 200, currency: 'EUR' },
        refundTo: 'voucher',
        airlineCredits: [],
      },
    });
    expect(credits.map((c) => [c.passengerName, c.amountCents, c.source])).toEqual([
      ['Cohen/Dana', 10000, 'cancellation'],
      ['Cohen/Avi', 10000, 'cancellation'],
    ]);
  });

  it('should record nothing for a refund in money', () => {
    const outcome = {
      refund: { amount: 200, currency: 'EUR' },
      refundTo: 'balance' as const,
      airlineCredits: [],
    };
    expect(cancellationCreditsOf({ ...args, outcome })).toEqual([]);
  });

  it("should record the provider's own credits by their ids, for the passenger each names", () => {
    const credits = cancellationCreditsOf({
      ...args,
      outcome: {
        refund: { amount: 200, currency: 'EUR' },
        refundTo: 'airline_credits',
        airlineCredits: [
          {
            id: 'acd_1',
            passengerId: 'p2',
            airline: 'BA',
            amount: { amount: 99.99, currency: 'EUR' },
            code: null,
            name: null,
            issuedOn: '2026-01-15',
            expiresOn: null,
          },
        ],
      },
    });
    expect(credits).toEqual([
      expect.objectContaining({
        notificationId: null,
        passengerName: 'Cohen/Avi',
        airline: 'BA',
        amountCents: 9999,
        expiresOn: '2027-01-15',
        source: 'provider',
        reference: 'acd_1',
      }),
    ]);
  });
});
