import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the management module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'management.agency-outside': 'FORBIDDEN',
  'management.branch-outside': 'FORBIDDEN',
  'management.agent-outside': 'FORBIDDEN',
  'management.user-outside': 'FORBIDDEN',
  /** A user placed in an agency, branch or agent the caller may not manage. */
  'management.place-outside': 'FORBIDDEN',
  'management.role-not-yours': 'FORBIDDEN',
  'management.defaults-super-only': 'FORBIDDEN',
  /** A row like it exists already, found by a check or by a unique index in a race. */
  'management.duplicate': 'CONFLICT',
  /** Deleting what other rows still refer to. */
  'management.in-use': 'CONFLICT',
  /** An e-mail, phone or PCC another has: audited, and counted per caller (decision 025). */
  'management.taken': 'CONFLICT',
  /** Too many taken values named in the window: every checked write waits. */
  'management.conflicts-limited': 'RATE_LIMITED',
  'management.branch-move': 'CONFLICT',
  'management.agent-move': 'CONFLICT',
  /** Disabling or deleting one's own (or one's real) user. */
  'management.not-yourself': 'CONFLICT',
  'management.settings-already-own': 'CONFLICT',
  'management.settings-follow-default': 'NOT_FOUND',
  'management.agent-not-in-branch': 'BAD_REQUEST',
  'management.branch-not-in-agency': 'BAD_REQUEST',
  'management.connection-outside': 'BAD_REQUEST',
  /** Add PNR in production for an agency with no live real connection (decision 054). */
  'management.no-real-connection': 'CONFLICT',
  /** The reservation system would not make the booking (no such flight, a refused order). */
  'management.booking-refused': 'CONFLICT',
  'management.no-such-agency': 'NOT_FOUND',
  'management.pnr-not-found': 'NOT_FOUND',
} as const satisfies Record<`management.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
