import { GDS_CAPABILITIES } from '@/gds/capabilities';
import type { GdsClient } from '@/gds/gds-client';
import { lowerFares } from '@/gds/simulator/fares';
import type { SimRecord } from '@/gds/simulator/sim-types';

/**
 * A reservation system that costs nothing but its latency: the simulator's bookings held in
 * memory, so the bench measures the engine rather than the simulator's own database work.
 */
export function memoryGds(records: SimRecord[], now: Date, latencyMs: number): GdsClient {
  const byLocator = new Map(records.map((record) => [record.booking.locator, record]));
  const wait = () => new Promise((resolve) => setTimeout(resolve, latencyMs));
  const unsupported = () => Promise.reject(new Error('not used by the bench'));
  return {
    provider: 'SIMULATOR',
    capabilities: GDS_CAPABILITIES,
    now: () => Promise.resolve(now),
    retrieveBooking: async (locator) => {
      await wait();
      const record = byLocator.get(locator);
      return record ? structuredClone(record.booking) : null;
    },
    listChangedBookings: async () => {
      await wait();
      return [];
    },
    releaseChanged: () => Promise.resolve(),
    shopLowerFares: async (locator) => {
      await wait();
      const record = byLocator.get(locator);
      return record ? lowerFares(record, now.getTime()) : [];
    },
    fareRules: unsupported,
    repriceTo: unsupported,
    cancelSegments: unsupported,
    cancelBooking: unsupported,
    quoteCancellation: unsupported,
    acceptScheduleChange: unsupported,
    confirmWaitlist: unsupported,
    issueTickets: unsupported,
    createBooking: unsupported,
  };
}
