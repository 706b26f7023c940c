import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the push module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** Neither a browser's push service nor an address the outgoing guard lets through. */
  'push.endpoint-refused': 'BAD_REQUEST',
  /** Another user holds the endpoint: it is never moved (which user is never said). */
  'push.endpoint-taken': 'CONFLICT',
} as const satisfies Record<`push.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
