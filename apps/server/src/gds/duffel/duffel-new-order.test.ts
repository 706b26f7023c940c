import { describe, expect, it } from 'vitest';
import type { NewBooking } from '@/gds/gds-types';
import {
  cheapestFittingOffer,
  holdOrderOf,
  journeysOf,
  offerFits,
  offerRequestOf,
  orderPassengersOf,
} from './duffel-new-order';
import type { OfferShape } from './duffel-schemas';

type Flight = NewBooking['segments'][number];
type Passenger = NewBooking['passengers'][number];

const flight = (over: Partial<Flight>): Flight => ({
  airline: 'LY',
  flightNumber: '81',
  from: 'TLV',
  to: 'ATH',
  departure: '2026-05-01 10:00',
  arrival: '2026-05-01 12:00',
  flightClass: 'Y',
  ...over,
});

const ADULT: Passenger = {
  title: 'MRS',
  firstName: 'Dana',
  lastName: 'Levi',
  type: 'ADT',
  phone: '+972501234567',
  email: 'dana@example.com',
};

const bookingOf = (over: Partial<NewBooking>): NewBooking => ({
  pcc: 'DUFFEL',
  agentInitials: 'DL',
  type: 'REGULAR',
  passengers: [ADULT],
  contact: { name: 'Dana Levi', phone: '+972501234567', email: 'dana@example.com' },
  segments: [flight({})],
  ...over,
});

const offerOf = (over: Partial<OfferShape>, departures = ['2026-05-01T10:00:00']): OfferShape => ({
  id: 'off_1',
  total_amount: '300.00',
  total_currency: 'EUR',
  payment_requirements: { requires_instant_payment: false },
  passengers: [{ id: 'pas_1', type: 'adult', age: null }],
  slices: [
    {
      segments: departures.map((departing, index) => ({
        id: `seg_${index}`,
        origin: { iata_code: 'TLV' },
        destination: { iata_code: 'ATH' },
        departing_at: departing,
        arriving_at: departing,
        marketing_carrier: { iata_code: 'LY' },
        marketing_carrier_flight_number: '0081',
        passengers: [],
      })),
    },
  ],
  ...over,
});

describe('journeysOf', () => {
  it('should keep a connection of less than a day in one journey and start another after a stopover', () => {
    const out = flight({});
    const onward = flight({
      from: 'ATH',
      to: 'MAD',
      departure: '2026-05-01 15:00',
      arrival: '2026-05-01 18:00',
    });
    const back = flight({
      from: 'MAD',
      to: 'TLV',
      departure: '2026-05-08 09:00',
      arrival: '2026-05-08 15:00',
    });
    expect(journeysOf([out, onward, back])).toEqual([[out, onward], [back]]);
  });

  it('should start another journey when the next flight leaves from another airport', () => {
    const out = flight({});
    const openJaw = flight({ from: 'SKG', to: 'TLV', departure: '2026-05-01 20:00' });
    expect(journeysOf([out, openJaw])).toEqual([[out], [openJaw]]);
  });
});

describe('offerRequestOf', () => {
  it('should search each journey at its first flight’s time with each passenger’s age band', () => {
    const request = offerRequestOf(
      bookingOf({
        passengers: [
          ADULT,
          { ...ADULT, type: 'SRC' },
          { ...ADULT, type: 'YTH' },
          { ...ADULT, type: 'CHD' },
          { ...ADULT, type: 'INF' },
        ],
        segments: [flight({ flightClass: 'J' })],
      }),
    );
    expect(request).toEqual({
      slices: [
        {
          origin: 'TLV',
          destination: 'ATH',
          departure_date: '2026-05-01',
          departure_time: { from: '10:00', to: '10:00' },
          arrival_time: null,
        },
      ],
      passengers: [{ type: 'adult' }, { type: 'adult' }, { age: 16 }, { age: 8 }, { age: 1 }],
      cabin_class: 'business',
    });
  });

  it('should search the whole day for a flight wanted at any time of its day', () => {
    const [slice] = offerRequestOf(
      bookingOf({ segments: [flight({ departure: '2026-05-01 00:00', anyTimeOfDay: true })] }),
    ).slices;
    expect(slice).toEqual({
      origin: 'TLV',
      destination: 'ATH',
      departure_date: '2026-05-01',
      departure_time: null,
      arrival_time: null,
    });
  });

  it('should search every cabin when the booking class says none', () => {
    expect(
      offerRequestOf(bookingOf({ segments: [flight({ flightClass: 'Q' })] })),
    ).not.toHaveProperty('cabin_class');
  });
});

describe('offerFits and cheapestFittingOffer', () => {
  it('should match flights whatever zeros lead the flight number', () => {
    expect(offerFits(offerOf({}), bookingOf({}))).toBe(true);
  });

  it('should not take an offer that must be paid at once or flies at another time', () => {
    const booking = bookingOf({});
    expect(
      offerFits(offerOf({ payment_requirements: { requires_instant_payment: true } }), booking),
    ).toBe(false);
    expect(offerFits(offerOf({}, ['2026-05-01T10:05:00']), booking)).toBe(false);
    expect(offerFits(offerOf({}, ['2026-05-01T10:00:00', '2026-05-01T15:00:00']), booking)).toBe(
      false,
    );
  });

  // The agent typed the flight and its day: the time stands at midnight and means nothing.
  const onTheDay = (over: Partial<Flight> = {}) =>
    bookingOf({
      segments: [flight({ departure: '2026-05-01 00:00', anyTimeOfDay: true, ...over })],
    });
  const leaving = (departure: string) => offerOf({}, [departure]);

  it('should take a flight wanted at any time of its day whenever that day it leaves', () => {
    expect(offerFits(leaving('2026-05-01T10:00:00'), onTheDay())).toBe(true);
    expect(offerFits(leaving('2026-05-01T00:00:00'), onTheDay())).toBe(true);
    expect(offerFits(leaving('2026-05-01T23:59:00'), onTheDay())).toBe(true);
  });

  it('should take the same flight at another time only when any time of day will do', () => {
    expect(offerFits(leaving('2026-05-01T10:00:00'), onTheDay({ anyTimeOfDay: false }))).toBe(
      false,
    );
  });

  it('should not take the same flight on another day, even when any time of day will do', () => {
    expect(offerFits(leaving('2026-04-30T23:59:00'), onTheDay())).toBe(false);
    expect(offerFits(leaving('2026-05-02T00:00:00'), onTheDay())).toBe(false);
  });

  it('should not take another flight that day, nor more or fewer flights', () => {
    expect(offerFits(leaving('2026-05-01T10:00:00'), onTheDay({ flightNumber: '810' }))).toBe(
      false,
    );
    expect(offerFits(leaving('2026-05-01T10:00:00'), onTheDay({ airline: 'BA' }))).toBe(false);
    expect(offerFits(offerOf({}, ['2026-05-01T10:00:00', '2026-05-01T15:00:00']), onTheDay())).toBe(
      false,
    );
    expect(offerFits(offerOf({ slices: [] }), onTheDay())).toBe(false);
  });

  it('should pick the cheapest in the currency of the first that fits', () => {
    const booking = bookingOf({});
    const offers = [
      offerOf({ id: 'off_a', total_amount: '300.00' }),
      offerOf({ id: 'off_usd', total_amount: '100.00', total_currency: 'USD' }),
      offerOf({ id: 'off_b', total_amount: '250.00' }),
      offerOf({ id: 'off_other', total_amount: '50.00' }, ['2026-05-01T18:00:00']),
    ];
    expect(cheapestFittingOffer(offers, booking)?.id).toBe('off_b');
    expect(cheapestFittingOffer([], booking)).toBeNull();
  });
});

describe('orderPassengersOf', () => {
  const family = bookingOf({
    passengers: [
      ADULT,
      { ...ADULT, title: 'MSTR', firstName: 'Omer', type: 'CHD', phone: null, email: null },
      { ...ADULT, title: 'MISS', firstName: 'Noa', type: 'INF', phone: null, email: null },
    ],
  });
  const offer = offerOf({
    passengers: [
      { id: 'pas_a', type: 'adult', age: null },
      { id: 'pas_c', type: 'child', age: 8 },
      { id: 'pas_i', type: 'infant_without_seat', age: 1 },
    ],
  });

  it('should name each passenger for Duffel with a birth date of the age searched and the contact’s details', () => {
    expect(orderPassengersOf(offer, family)).toEqual([
      {
        id: 'pas_a',
        title: 'mrs',
        gender: 'f',
        given_name: 'Dana',
        family_name: 'Levi',
        born_on: '1980-01-01',
        email: 'dana@example.com',
        phone_number: '+972501234567',
        infant_passenger_id: 'pas_i',
      },
      expect.objectContaining({ id: 'pas_c', title: 'mr', gender: 'm', born_on: '2018-05-01' }),
      expect.objectContaining({ id: 'pas_i', title: 'miss', born_on: '2025-05-01' }),
    ]);
  });

  it('should give a 29 February birthday as the 28th when the year before has none', () => {
    const leap = { ...family, segments: [flight({ departure: '2028-02-29 10:00' })] };
    expect(orderPassengersOf(offer, leap)[2]?.born_on).toBe('2027-02-28');
  });

  it('should refuse what Duffel would when a title, contact details or an adult is missing', () => {
    expect(() =>
      orderPassengersOf(offerOf({}), bookingOf({ passengers: [{ ...ADULT, title: 'DR' }] })),
    ).toThrow("the title 'DR' does not say");
    expect(() =>
      orderPassengersOf(
        offerOf({}),
        bookingOf({
          passengers: [{ ...ADULT, email: null }],
          contact: { name: 'x', phone: null, email: null },
        }),
      ),
    ).toThrow('an email address and a phone number');
    const twoInfants = bookingOf({
      passengers: [ADULT, { ...ADULT, type: 'INF' }, { ...ADULT, type: 'INF' }],
    });
    expect(() => orderPassengersOf(offer, twoInfants)).toThrow('lap of an adult');
    expect(() => orderPassengersOf(offer, bookingOf({}))).toThrow('another number of passengers');
  });
});

describe('holdOrderOf', () => {
  it('should ask for a hold as Duffel’s API names it', () => {
    expect(holdOrderOf('off_1', [])).toEqual({
      type: 'hold',
      selected_offers: ['off_1'],
      passengers: [],
    });
  });
});
