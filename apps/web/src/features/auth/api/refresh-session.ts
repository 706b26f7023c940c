import { TokenResponse } from '@smt/shared';
import { api } from '@/lib/api-client';

/** A new access token from the session cookie; 401 once the session has ended. */
export function refreshSession(): Promise<TokenResponse> {
  return api.postJson('auth/refresh', {}, { schema: TokenResponse, background: true });
}
