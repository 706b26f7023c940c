import { gdsCallDuration } from '@/observability/metrics';
import type { GdsCalls, GdsClient } from './gds-client';

// Every call of the port, listed so that a call added to it without being timed fails to compile.
const OPERATIONS: Record<keyof GdsCalls, true> = {
  now: true,
  retrieveBooking: true,
  listChangedBookings: true,
  shopLowerFares: true,
  fareRules: true,
  repriceTo: true,
  cancelSegments: true,
  cancelBooking: true,
  quoteCancellation: true,
  acceptScheduleChange: true,
  confirmWaitlist: true,
  issueTickets: true,
  createBooking: true,
};

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/**
 * The same reservation system, each call of the port timed by operation and result. What the
 * client offers beyond the port (the simulator's clock and test hooks) passes through as it is.
 */
export function instrumentGds<T extends GdsClient>(gds: T): T {
  const timed: Partial<Record<keyof GdsCalls, AnyCall>> = {};
  for (const operation of Object.keys(OPERATIONS) as (keyof GdsCalls)[]) {
    const call = gds[operation] as AnyCall;
    timed[operation] = async (...args) => {
      const stop = gdsCallDuration.startTimer({ operation });
      try {
        const answer = await call(...args);
        stop({ result: 'ok' });
        return answer;
      } catch (error) {
        stop({ result: 'error' });
        throw error;
      }
    };
  }
  return { ...gds, ...timed };
}
