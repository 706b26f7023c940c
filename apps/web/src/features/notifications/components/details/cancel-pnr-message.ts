import { errorMessages } from '@smt/shared';
import { ApiError } from '@/lib/api-client';

/**
 * 'Operation failed. {message}' when the server said why (a refusal, or the GDS's answer),
 * 'Operation failed. Please try again later.' when it broke or could not be reached.
 */
export function cancelPnrFailureOf(failure: unknown): string {
  if (typeof failure === 'string') return errorMessages.cancelPnrFailed(failure || undefined);
  const refused = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
  return errorMessages.cancelPnrFailed(refused ? failure.message : undefined);
}
