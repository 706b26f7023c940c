import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the impersonation module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'impersonation.already-impersonating': 'FORBIDDEN',
  /** A phone no one has, or of someone out of the caller's reach: answered alike. */
  'impersonation.no-such-target': 'NOT_FOUND',
  'impersonation.switch-to-yourself': 'BAD_REQUEST',
  'impersonation.target-disabled': 'CONFLICT',
  'impersonation.not-impersonating': 'BAD_REQUEST',
} as const satisfies Record<`impersonation.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
