import { describe, expect, it } from 'vitest';
import type { GdsPassenger } from '@/gds/gds-types';
import type { PendingNotice } from './detector';
import { detectReprice } from './reprice';
import { reviseReprice, standingReprices, withdrawReprice } from './reprice-review';
import {
  aBooking,
  aFare,
  anInput,
  aPenalties,
  aPending,
  settingsWith,
} from './testing/booking-builder';

// Three adults on a 3,000.00 USD fare; an offer 222.90 USD cheaper was alerted while the
// booking was unticketed. Each check judges that alert again against the booking as it is.

const adult = (id: string, firstName: string): GdsPassenger => ({
  id,
  title: 'MR',
  firstName,
  lastName: 'Cohen',
  type: 'ADT',
  phone: null,
  email: null,
});
const passengers = [adult('p1', 'Dan'), adult('p2', 'Ori'), adult('p3', 'Tal')];
const fare = (changeFee = 150) =>
  aFare({ total: 3000, penalties: aPenalties({ change: { allowed: true, amount: changeFee } }) });
const offer = aFare({ fareBasis: 'YLOW', total: 2777.1 });
const settings = settingsWith({ reprice: { minSavingAmount: 10, minSavingPercent: null } });

const alerted = (over: Partial<PendingNotice> = {}): PendingNotice =>
  aPending({
    id: 7,
    type: 'Reprice',
    titleMessage: 'Save 222.90 USD (cash) by repricing to YLOW',
    potentialSaving: 222.9,
    premise: { fare: fare(), offer },
    ...over,
  });

const checkOf = (
  booking: Parameters<typeof aBooking>[0],
  over: Partial<Parameters<typeof anInput>[0]> = {},
) =>
  anInput({
    current: aBooking({ passengers, storedFare: fare(), ...booking }),
    pending: [alerted()],
    ...over,
  });

describe('judging a pending reprice again', () => {
  it('should leave it as it is while the booking is as it was', () => {
    const input = checkOf({});

    expect(withdrawReprice(input, settings)).toEqual([]);
    expect(reviseReprice(input, settings)).toEqual([]);
  });

  it('should withdraw it once the booking is ticketed and three change fees eat the saving', () => {
    const input = checkOf({ isTicketed: true });

    expect(withdrawReprice(input, settings)).toEqual([
      {
        id: 7,
        reason:
          'the saving no longer pays: gross 222.90 USD, change fee 3 × 150.00 USD, net -227.10 USD: the fees and bags cost more than the fare saves',
      },
    ]);
    expect(reviseReprice(input, settings)).toEqual([]);
  });

  it('should update it in place when, ticketed, it still pays less', () => {
    const input = checkOf(
      { isTicketed: true, storedFare: fare(20) },
      { pending: [alerted({ premise: { fare: fare(20), offer } })] },
    );

    expect(withdrawReprice(input, settings)).toEqual([]);
    const [revision, ...rest] = reviseReprice(input, settings);
    expect(rest).toEqual([]);
    expect(revision).toMatchObject({
      id: 7,
      titleMessage: 'Save 162.90 USD (cash) by repricing to YLOW',
      potentialSaving: 162.9,
      reason:
        'now gross 222.90 USD, change fee 3 × 20.00 USD, net 162.90 USD (cash): at or over the minimum 10.00',
    });
    expect(revision?.alerts).toContainEqual({
      text: 'Change fee 20.00 USD × 3 tickets = 60.00 USD to reissue',
    });
    expect(revision?.priceQuote?.saving).toMatchObject({ gross: 222.9, tickets: 3, net: 162.9 });
  });

  it('should keep one whose net is at the minimum to the cent, and withdraw one under it', () => {
    // Ticketed, with a minimum of 12.00: 222.90 - 3 × 70.30 = 12.00, - 3 × 70.31 = 11.97.
    const twelve = settingsWith({ reprice: { minSavingAmount: 12, minSavingPercent: null } });
    const at = (fee: number) =>
      checkOf(
        { isTicketed: true, storedFare: fare(fee) },
        { pending: [alerted({ premise: { fare: fare(fee), offer } })] },
      );

    expect(withdrawReprice(at(70.3), twelve)).toEqual([]);
    expect(reviseReprice(at(70.3), twelve)).toMatchObject([{ potentialSaving: 12 }]);
    expect(withdrawReprice(at(70.31), twelve)).toMatchObject([
      { id: 7, reason: expect.stringContaining('net 11.97 USD (cash): below the minimum 12.00') },
    ]);
  });

  it("should withdraw it when the booking's fare is no longer the one it compared", () => {
    const input = checkOf({ storedFare: aFare({ fareBasis: 'MOW', total: 2800 }) });

    expect(withdrawReprice(input, settings)).toEqual([
      {
        id: 7,
        reason: "the booking's fare changed from YOW at 3000.00 USD to MOW at 2800.00 USD",
      },
    ]);
  });

  it('should withdraw it when fares were shopped and the offer is gone, not when they were not', () => {
    const shopped = checkOf(
      {},
      { offers: [aFare({ fareBasis: 'YLOW', total: 2790 })], faresRead: true },
    );
    const unread = checkOf({}, { offers: [], faresRead: false });

    expect(withdrawReprice(shopped, settings)).toEqual([
      { id: 7, reason: 'YLOW at 2777.10 USD is no longer offered' },
    ]);
    expect(withdrawReprice(unread, settings)).toEqual([]);
  });

  it('should withdraw it once the first flight has left', () => {
    const input = checkOf({}, { now: new Date('2026-03-08T08:01:00Z') });

    expect(withdrawReprice(input, settings)).toEqual([
      { id: 7, reason: 'the trip has begun: fares are repriced only before the first departure' },
    ]);
  });

  it('should leave an alert raised before alerts kept their premise as it was', () => {
    const input = checkOf({ isTicketed: true }, { pending: [alerted({ premise: null })] });

    expect(withdrawReprice(input, settings)).toEqual([]);
    expect(reviseReprice(input, settings)).toEqual([]);
    expect(standingReprices(input, settings)).toEqual([{ id: 7, netCents: 22290 }]);
  });

  it('should judge nothing when the branch does not reprice', () => {
    const off = settingsWith({ reprice: { enabled: false } });

    expect(withdrawReprice(checkOf({ isTicketed: true }), off)).toEqual([]);
  });

  it('should raise a smaller new offer in place of a pending one whose saving the fees now eat', () => {
    // Ticketed with a 20.00 USD fee, the pending alert now saves 162.90; an offer saving
    // 240.00 gross (180.00 net) beats it, though not the 222.90 it still says.
    const input = checkOf(
      { isTicketed: true, storedFare: fare(20) },
      {
        pending: [alerted({ premise: { fare: fare(20), offer } })],
        offers: [aFare({ fareBasis: 'QLOW', total: 2760 }), offer],
        faresRead: true,
      },
    );

    expect(detectReprice(input, settings)).toMatchObject([
      { titleMessage: 'Save 180.00 USD (cash) by repricing to QLOW', supersedes: [7] },
    ]);
  });
});
