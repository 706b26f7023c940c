import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the live module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** The person already holds as many live streams as one person may, from other sessions. */
  'live.too-many-for-user': 'RATE_LIMITED',
  /** The client's address already holds as many live streams as one address may. */
  'live.too-many-for-address': 'RATE_LIMITED',
} as const satisfies Record<`live.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
