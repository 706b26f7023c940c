import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the share module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** A wrong token, an old link or a deleted notification: the public page says expired. */
  'share.link-expired': 'NOT_FOUND',
  /** The notification to share is missing or outside the caller's scope. */
  'share.not-found': 'NOT_FOUND',
} as const satisfies Record<`share.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
