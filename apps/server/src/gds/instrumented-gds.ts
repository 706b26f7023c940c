import { withinMs } from '@/observability/deadline';
import { gdsCallDuration } from '@/observability/metrics';
import type { GdsCalls, GdsClient } from './gds-client';

/**
 * How long a read may take, its own retries included: past Duffel's longest single rate-limit
 * wait (a minute, duffel-retry.ts), and within the five minutes after which the engine queues an
 * unfinished booking again. Duffel's SDK sets no timeout of its own, so a connection that stops
 * answering would otherwise hold an engine slot, and the job loop waiting on it, for ever.
 */
export const READ_DEADLINE_MS = 150_000;

// Every call of the port, listed so that a call added to it without being timed fails to compile.
// 'read' calls change nothing and end at READ_DEADLINE_MS; a call that may take effect is never
// abandoned, as its caller must learn whether it did.
const OPERATIONS: Record<keyof GdsCalls, 'read' | 'effect'> = {
  now: 'read',
  retrieveBooking: 'read',
  listChangedBookings: 'read',
  releaseChanged: 'effect',
  shopLowerFares: 'read',
  fareRules: 'read',
  repriceTo: 'effect',
  cancelSegments: 'effect',
  cancelBooking: 'effect',
  quoteCancellation: 'read',
  acceptScheduleChange: 'effect',
  confirmWaitlist: 'effect',
  issueTickets: 'effect',
  createBooking: 'effect',
};

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/**
 * The same reservation system, each call of the port timed by operation and result, and each
 * read given up (a DeadlineError) after READ_DEADLINE_MS. What the client offers beyond the
 * port (the simulator's clock and test hooks) passes through as it is.
 */
export function instrumentGds<T extends GdsClient>(gds: T): T {
  const timed: Partial<Record<keyof GdsCalls, AnyCall>> = {};
  for (const operation of Object.keys(OPERATIONS) as (keyof GdsCalls)[]) {
    const call = gds[operation] as AnyCall;
    const read = OPERATIONS[operation] === 'read';
    timed[operation] = async (...args) => {
      const stop = gdsCallDuration.startTimer({ operation });
      try {
        const answer = await (read ? withinMs(READ_DEADLINE_MS, call(...args)) : call(...args));
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
