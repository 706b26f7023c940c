import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the organisation module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'organisation.agency-outside': 'FORBIDDEN',
  'organisation.branch-outside': 'FORBIDDEN',
} as const satisfies Record<`organisation.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
