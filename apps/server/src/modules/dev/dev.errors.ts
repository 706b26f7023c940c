import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the dev module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  'dev.not-local-caller': 'FORBIDDEN',
  /** The reservation system is a real one, not the simulator. */
  'dev.not-simulator': 'NOT_FOUND',
  'dev.no-such-booking': 'NOT_FOUND',
  'dev.no-such-agent': 'NOT_FOUND',
} as const satisfies Record<`dev.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
