import { sessionCalls, type TokenResponse } from '@smt/shared';
import { api } from '@/lib/api-client';

/** A new access token from the session cookie; 401 once the session has ended. */
export function refreshSession(): Promise<TokenResponse> {
  return api.call(sessionCalls.refresh, {}, { background: true });
}
