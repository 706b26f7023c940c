import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the onboarding module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'onboarding.already-in-agency': 'CONFLICT',
} as const satisfies Record<`onboarding.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
