import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the subscriptions module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'subscriptions.branch-outside': 'FORBIDDEN',
  'subscriptions.agent-outside': 'FORBIDDEN',
} as const satisfies Record<`subscriptions.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
