import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the connections module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** A caller whose scope is narrower than an agency (a branch manager, say). */
  'connections.agency-only': 'FORBIDDEN',
  'connections.not-found': 'NOT_FOUND',
  'connections.agency-outside': 'FORBIDDEN',
  'connections.disconnected': 'BAD_REQUEST',
  /** The default branch is not one of the connection's agency. */
  'connections.branch-outside': 'BAD_REQUEST',
  'connections.api-url-super-only': 'BAD_REQUEST',
  /** An API address the outgoing guard refuses: private, loopback, plain http (decision 053). */
  'connections.api-url-refused': 'BAD_REQUEST',
  'connections.already-connected': 'CONFLICT',
  'connections.simulator-has-no-token': 'BAD_REQUEST',
  'connections.simulator-takes-no-payment': 'BAD_REQUEST',
  /** A Sabre connection's settings asked of another provider's, or another's of a Sabre one. */
  'connections.wrong-provider': 'BAD_REQUEST',
  /** An unknown connection or a bad signature on a Duffel webhook: answered alike. */
  'connections.webhook-not-genuine': 'UNAUTHORIZED',
  'connections.webhook-not-duffel-event': 'BAD_REQUEST',
} as const satisfies Record<`connections.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
