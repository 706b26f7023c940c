import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the account module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'account.unregister-while-impersonating': 'FORBIDDEN',
  'account.last-super-user': 'CONFLICT',
} as const satisfies Record<`account.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
