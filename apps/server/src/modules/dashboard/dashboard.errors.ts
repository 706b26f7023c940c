import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the dashboard module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** A date outside SPEC §5's dashboard window, at the server's today. */
  'dashboard.dates-out-of-range': 'BAD_REQUEST',
  /** An agency, branch or agent the figures are asked of lies outside the caller's scope. */
  'dashboard.audience-outside': 'FORBIDDEN',
  /** An agency the subscription report is asked of lies outside the caller's scope. */
  'dashboard.agency-outside': 'FORBIDDEN',
} as const satisfies Record<`dashboard.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
