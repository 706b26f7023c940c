import { journeyRouteOf } from '@smt/shared';
import type { GdsBooking } from '@/gds/gds-types';
import type { BookingColumns } from './monitored-bookings.repository';
import {
  activeSegments,
  flightTimeMs,
  isDeparted,
  isFlown,
  personKey,
} from './notification-data-of';

/** '0081' → '81', '000' → '0': a flight's number as the search box compares it. */
export const flightNumberText = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/** 'LY', '081' → 'LY81': the form the search box's flight is compared in. */
const flightCodeOf = (segment: { airline: string; flightNumber: string }) =>
  `${segment.airline}${flightNumberText(segment.flightNumber)}`;

/** The columns lists filter and sort by, read from what the GDS answered. */
export function bookingColumnsOf(booking: GdsBooking, gdsNow: Date): BookingColumns {
  const segments = activeSegments(booking);
  const first = segments[0];
  // My PNRs shows this column as the flight's time and filters and counts it by day, all on the
  // airport's wall clock, so it keeps that clock read as UTC (pnr-list-item.ts reads it back so).
  // What runs on time to departure reads the instant: `firstDepartureAt`, `isDeparted`.
  const departureAt = first ? new Date(flightTimeMs(first.departure)) : null;
  const main = booking.passengers[0];
  const route = journeyRouteOf(segments);
  return {
    type: booking.type,
    pnrCreatedAt: new Date(booking.createdAt),
    departureAt,
    ticketedAt: booking.ticketedAt ? new Date(booking.ticketedAt) : null,
    lastPurchaseAt: booking.lastPurchaseAt ? new Date(booking.lastPurchaseAt) : null,
    isTicketed: booking.isTicketed,
    isVoidable: booking.isVoidable,
    isDeparted: isDeparted(booking, gdsNow),
    isFlown: isFlown(booking, gdsNow),
    isCancelled: booking.isCancelled,
    ticketingSupported: booking.ticketingSupported,
    passengersCount: booking.passengers.length,
    mainPassenger: main ? `${main.lastName}/${main.firstName}` : null,
    customerNumber: booking.customerNumber,
    carrierCode: first?.airline ?? null,
    flightNumber: first?.flightNumber ?? null,
    origin: route?.origin ?? null,
    destination: route?.destination ?? null,
    origins: [...new Set(segments.map((segment) => segment.from))],
    destinations: [...new Set(segments.map((segment) => segment.to))],
    flights: [...new Set(segments.map(flightCodeOf))],
    passengers: booking.passengers.map((each) => `${each.lastName}/${each.firstName}`),
    passengerKeys: [...new Set(booking.passengers.map(personKey))],
    currentPrice: booking.storedFare?.total ?? null,
    currency: booking.storedFare?.currency ?? null,
  };
}
