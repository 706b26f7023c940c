import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the pnrs module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** A search's date outside SPEC §5's limits, at the server's today. */
  'pnrs.dates-out-of-range': 'BAD_REQUEST',
  /** Not one of the caller's own bookings (or no longer in the reservation system). */
  'pnrs.not-yours': 'NOT_FOUND',
  'pnrs.not-ota': 'CONFLICT',
  'pnrs.ticketing-unsupported': 'CONFLICT',
  'pnrs.already-ticketed': 'CONFLICT',
  'pnrs.cancelled': 'CONFLICT',
  /** The booking's connection is disconnected: nothing is sent to its provider. */
  'pnrs.connection-disconnected': 'CONFLICT',
  /** The reservation system did not answer a booking's details. */
  'pnrs.gds-failed': 'INTERNAL',
} as const satisfies Record<`pnrs.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
