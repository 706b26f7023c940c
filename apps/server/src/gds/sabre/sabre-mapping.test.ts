import { describe, expect, it } from 'vitest';
import { bookingOf, penaltiesOf, statusOf } from './sabre-mapping';
import type { BookingShape } from './sabre-schemas';

// A getBooking answer as Booking Management documents it, made up.
const booking = (over: Partial<BookingShape> = {}): BookingShape => ({
  bookingId: 'QWERTY',
  isTicketed: false,
  agencyCustomerNumber: '1234567',
  creationDetails: {
    creationUserSine: 'AWT',
    creationDate: '2026-11-01',
    creationTime: '09:15',
    purchaseDeadlineDate: '2026-12-01',
    purchaseDeadlineTime: '23:59',
    userWorkPcc: 'G7RE',
  },
  contactInfo: { emails: ['ada@example.com'], phones: ['+972500000000'] },
  travelers: [{ givenName: 'ADA', surname: 'LOVELACE', passengerCode: 'ADT' }],
  flights: [
    {
      itemId: '12',
      flightNumber: 7,
      airlineCode: 'LY',
      fromAirportCode: 'TLV',
      toAirportCode: 'JFK',
      departureDate: '2026-12-10',
      departureTime: '10:00',
      arrivalDate: '2026-12-10',
      arrivalTime: '15:30',
      bookingClass: 'K',
      flightStatusCode: 'HK',
    },
  ],
  fares: [
    {
      recordId: '1',
      recordTypeCode: 'PQ',
      totals: { subtotal: '500.00', taxes: '112.40', total: '612.40', currencyCode: 'USD' },
      fareConstruction: [
        { fareBasisCode: 'KLX7US', checkedBaggageAllowance: { maximumPieces: 1 } },
      ],
    },
  ],
  fareRules: [
    {
      isRefundable: false,
      isChangeable: true,
      exchangePenalties: [
        { applicability: 'BEFORE_DEPARTURE', penalty: { amount: '200.00', currencyCode: 'USD' } },
      ],
    },
  ],
  ...over,
});

describe('bookingOf', () => {
  it("should read a Sabre PNR's flights at their airports' local times and as instants", () => {
    const read = bookingOf('QWERTY', booking(), { pcc: 'G7RE', history: [], isVoidable: false });

    expect(read.segments[0]).toMatchObject({
      id: '12',
      airline: 'LY',
      flightNumber: '7',
      departure: '2026-12-10 10:00',
      // Israel is UTC+2 in December; New York UTC-5.
      departsAt: '2026-12-10T08:00:00.000Z',
      arrivesAt: '2026-12-10T20:30:00.000Z',
      status: 'HK',
      flightClass: 'K',
    });
  });

  it('should read the PCC, the agent, the DK and the ticketing deadline of the PNR', () => {
    const read = bookingOf('QWERTY', booking(), { pcc: 'XXXX', history: [], isVoidable: false });

    expect(read).toMatchObject({
      locator: 'QWERTY',
      pcc: 'G7RE',
      agentInitials: 'AWT',
      customerNumber: '1234567',
      lastPurchaseAt: '2026-12-01T23:59:00.000Z',
      isTicketed: false,
      isCancelled: false,
      ticketingSupported: true,
    });
  });

  it('should read the stored price quote with its fare basis, bags and penalties', () => {
    const read = bookingOf('QWERTY', booking(), { pcc: 'G7RE', history: [], isVoidable: false });

    expect(read.storedFare).toMatchObject({
      fareBasis: 'KLX7US',
      total: 612.4,
      currency: 'USD',
      freeBags: 1,
      penalties: { change: { allowed: true, amount: 200 }, refund: { allowed: false, amount: 0 } },
      segmentIds: ['12'],
      passengerTypes: ['ADT'],
    });
  });

  it("should count a price quote's per-passenger total once per passenger it prices", () => {
    const two = booking({
      travelers: [
        { givenName: 'ADA', surname: 'LOVELACE', passengerCode: 'ADT' },
        { givenName: 'CHARLES', surname: 'BABBAGE', passengerCode: 'ADT' },
      ],
    });

    expect(
      bookingOf('QWERTY', two, { pcc: 'G7RE', history: [], isVoidable: false }).storedFare?.total,
    ).toBe(1224.8);
  });

  it('should read flight times recorded with seconds as the minute', () => {
    const [flight] = booking().flights ?? [];
    const read = bookingOf(
      'QWERTY',
      booking({ flights: [{ ...flight!, departureTime: '10:00:00', arrivalTime: '15:30:00' }] }),
      { pcc: 'G7RE', history: [], isVoidable: false },
    );

    expect(read.segments[0]).toMatchObject({
      departure: '2026-12-10 10:00',
      arrival: '2026-12-10 15:30',
    });
  });

  it('should read a booking Booking Management shows with no flight left as cancelled', () => {
    const read = bookingOf('QWERTY', booking({ flights: [] }), {
      pcc: 'G7RE',
      history: [],
      isVoidable: false,
    });

    expect(read.isCancelled).toBe(true);
  });

  it('should read a ticketed booking, voidable as checkFlightTickets said, with no deadline', () => {
    const read = bookingOf(
      'QWERTY',
      booking({
        isTicketed: true,
        flightTickets: [
          {
            number: '1142100000001',
            date: '2026-11-02',
            ticketStatusCode: 'TE',
            ticketStatusName: 'Issued',
          },
        ],
      }),
      { pcc: 'G7RE', history: [], isVoidable: true },
    );

    expect(read).toMatchObject({
      isTicketed: true,
      isVoidable: true,
      ticketedAt: '2026-11-02T00:00:00.000Z',
      lastPurchaseAt: null,
    });
  });

  it('should give another version when the booking changes, and the same when it does not', () => {
    const extra = { pcc: 'G7RE', history: [], isVoidable: false };
    const first = bookingOf('QWERTY', booking(), extra).version;

    expect(bookingOf('QWERTY', booking({ bookingSignature: 'other' }), extra).version).toBe(first);
    expect(
      bookingOf('QWERTY', booking({ agencyCustomerNumber: '7654321' }), extra).version,
    ).not.toBe(first);
  });
});

describe('statusOf', () => {
  it("should take IATA codes as they are and Sabre's own as their IATA meaning", () => {
    expect(statusOf({ flightStatusCode: 'TK' })).toBe('TK');
    expect(statusOf({ flightStatusCode: 'SS' })).toBe('HK');
    expect(statusOf({ flightStatusCode: 'LL' })).toBe('HL');
    expect(statusOf({ flightStatusName: 'Cancelled' })).toBe('HX');
  });
});

describe('penaltiesOf', () => {
  it('should allow nothing where the booking states no fare rules', () => {
    expect(penaltiesOf(booking({ fareRules: [] }), 'USD')).toEqual({
      change: { allowed: false, amount: 0 },
      refund: { allowed: false, amount: 0 },
      currency: 'USD',
    });
  });
});
