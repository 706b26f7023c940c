import type { BookingType } from '@smt/shared';
import { DAY, HOUR } from './local-time';
import { generateBooking, type BookingShape } from './make-booking';
import { locatorFor, rngFor } from './random';
import type { SimEvent, SimRecord } from './sim-types';

// Bookings for the simulator's own tests: generated like any other, with a plan to order.

export const T0 = Date.parse('2026-11-22T08:00:00Z');

export type TestBookingOptions = Partial<Omit<BookingShape, 'locator'>> & {
  seed?: number;
  key?: string;
  type?: BookingType;
  events?: (record: SimRecord) => SimEvent[];
};

export function testRecord(options: TestBookingOptions = {}): SimRecord {
  const seed = options.seed ?? 1;
  const key = options.key ?? 'test';
  const locator = locatorFor(seed, 'test', key);
  const record = generateBooking(rngFor(seed, 'booking', locator), {
    locator,
    pcc: 'TLV1',
    agentInitials: 'AA',
    type: 'REGULAR',
    createdAt: T0 - DAY,
    departure: T0 + 20 * DAY,
    lastPurchaseAt: T0 + 5 * DAY,
    family: 'STANDARD',
    ...options,
  });
  record.events = options.events?.(record) ?? [];
  return record;
}

export const hours = (n: number) => T0 + n * HOUR;
