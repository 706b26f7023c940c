import type { authCalls } from '@smt/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/**
 * The sign-in calls' contracts, loaded when a sign-in step first needs them rather than with
 * the page (their rules need the phone metadata, as the login form's check does). A load that
 * fails is the connection down, and says so as the call itself would.
 */
export async function loadSignInCalls(): Promise<typeof authCalls> {
  try {
    return (await import('@/features/auth/api/sign-in-calls')).authCalls;
  } catch {
    throw new ApiError({ status: 0, code: 'INTERNAL', message: NETWORK_ERROR_MESSAGE });
  }
}
